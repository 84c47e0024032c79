import { sql } from 'kysely';
import {
  REGISTER_TEXT,
  fromKobo,
  type Register,
  type RegisterMovement,
  type RegisterSession,
  type RegisterTotals,
} from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { SessionRow } from './register-ledger.js';

const userName = sql<string>`trim(u.first_name || ' ' || u.last_name)`;

export type RegisterRow = {
  business_id: string;
  id: string;
  store_id: string;
  store_name: string;
  name: string;
  created_at: Date;
  updated_at: Date;
};

/** Gives every listed live store without a register one called "Main till" (done when a store is created). */
export const ensureMainTills = async (tx: Tx, businessId: string, storeIds: readonly string[]) => {
  if (!storeIds.length) return;
  const missing = await tx
    .selectFrom('stores as s')
    .select('s.id')
    .where('s.business_id', '=', businessId)
    .where('s.id', 'in', [...storeIds])
    .where('s.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('registers as r')
            .select('r.id')
            .whereRef('r.business_id', '=', 's.business_id')
            .whereRef('r.store_id', '=', 's.id')
            .where('r.deleted_at', 'is', null),
        ),
      ),
    )
    .execute();
  if (!missing.length) return;
  await tx
    .insertInto('registers')
    .values(
      missing.map((s) => ({
        business_id: businessId,
        id: newId(),
        store_id: s.id,
        name: REGISTER_TEXT.defaultName,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
};

const registerSelect = (tx: Tx, businessId: string) =>
  tx
    .selectFrom('registers as r')
    .innerJoin('stores as s', (j) =>
      j.onRef('s.business_id', '=', 'r.business_id').onRef('s.id', '=', 'r.store_id'),
    )
    .select([
      'r.business_id',
      'r.id',
      'r.store_id',
      's.name as store_name',
      'r.name',
      'r.created_at',
      'r.updated_at',
    ])
    .where('r.business_id', '=', businessId)
    .where('r.deleted_at', 'is', null)
    .where('s.deleted_at', 'is', null);

export const registersOfStores = (tx: Tx, businessId: string, storeIds: readonly string[]) =>
  storeIds.length
    ? registerSelect(tx, businessId)
        .where('r.store_id', 'in', [...storeIds])
        .orderBy('s.name')
        .orderBy('r.created_at')
        .orderBy('r.id')
        .execute()
    : Promise.resolve([] as RegisterRow[]);

export const registerById = (tx: Tx, businessId: string, id: string) =>
  registerSelect(tx, businessId).where('r.id', '=', id).executeTakeFirst();

type SessionWithNames = SessionRow & {
  opened_by_name: string;
  operator_name: string;
  closed_by_name: string | null;
};

const sessionSelect = (tx: Tx, businessId: string) =>
  tx
    .selectFrom('register_sessions as rs')
    .selectAll('rs')
    .select([
      sql<string>`(select trim(u.first_name || ' ' || u.last_name) from users u where u.business_id = rs.business_id and u.id = rs.opened_by)`.as(
        'opened_by_name',
      ),
      sql<string>`(select trim(u.first_name || ' ' || u.last_name) from users u where u.business_id = rs.business_id and u.id = rs.operator_id)`.as(
        'operator_name',
      ),
      sql<
        string | null
      >`(select trim(u.first_name || ' ' || u.last_name) from users u where u.business_id = rs.business_id and u.id = rs.closed_by)`.as(
        'closed_by_name',
      ),
    ])
    .where('rs.business_id', '=', businessId);

export const openSessionsOf = (tx: Tx, businessId: string, registerIds: readonly string[]) =>
  registerIds.length
    ? sessionSelect(tx, businessId)
        .where('rs.register_id', 'in', [...registerIds])
        .where('rs.status', '=', 'open')
        .execute()
    : Promise.resolve([] as SessionWithNames[]);

export const sessionById = (tx: Tx, businessId: string, registerId: string, sessionId: string) =>
  sessionSelect(tx, businessId)
    .where('rs.register_id', '=', registerId)
    .where('rs.id', '=', sessionId)
    .executeTakeFirst();

/** Closed sessions of a register, newest first. */
export const closedSessionsOf = (tx: Tx, businessId: string, registerId: string, limit = 50) =>
  sessionSelect(tx, businessId)
    .where('rs.register_id', '=', registerId)
    .where('rs.status', '=', 'closed')
    .orderBy('rs.opened_at', 'desc')
    .orderBy('rs.id', 'desc')
    .limit(limit)
    .execute();

type KindSum = { session_id: string; kind: string; total: number };

/** Sum of movements per session and kind. */
export const sumsOf = async (tx: Tx, businessId: string, sessionIds: readonly string[]) => {
  const map = new Map<string, RegisterTotals>();
  if (!sessionIds.length) return map;
  const rows: KindSum[] = await tx
    .selectFrom('register_movements')
    .select(['session_id', 'kind', sql<number>`sum(amount_kobo)::int8`.as('total')])
    .where('business_id', '=', businessId)
    .where('session_id', 'in', [...sessionIds])
    .groupBy(['session_id', 'kind'])
    .execute();
  for (const id of sessionIds) map.set(id, emptyTotals());
  const kobo = new Map<string, Record<string, number>>();
  for (const r of rows) {
    const k = kobo.get(r.session_id) ?? {};
    k[r.kind] = Number(r.total);
    kobo.set(r.session_id, k);
  }
  for (const [id, k] of kobo) {
    const total = Object.values(k).reduce((a, b) => a + b, 0);
    map.set(id, {
      float: fromKobo(k.float ?? 0),
      sales: fromKobo(k.sale ?? 0),
      refunds: fromKobo(k.refund ?? 0),
      cash_added: fromKobo(k.cash_added ?? 0),
      cash_removed: fromKobo(k.cash_removed ?? 0),
      expected_cash: fromKobo(total),
    });
  }
  return map;
};

export const emptyTotals = (): RegisterTotals => ({
  float: 0,
  sales: 0,
  refunds: 0,
  cash_added: 0,
  cash_removed: 0,
  expected_cash: 0,
});

export const toSession = (s: SessionWithNames, totals: RegisterTotals): RegisterSession => {
  const closed = s.status === 'closed';
  return {
    _id: s.id,
    id: s.id,
    register_id: s.register_id,
    store_id: s.store_id,
    status: s.status,
    opened_by: s.opened_by,
    opened_by_name: s.opened_by_name,
    opened_at: s.opened_at.toISOString(),
    operator_id: s.operator_id,
    operator_name: s.operator_name,
    float_amount: fromKobo(s.float_kobo),
    totals,
    expected_cash: closed && s.expected_kobo !== null ? fromKobo(s.expected_kobo) : totals.expected_cash,
    counted_cash: s.counted_kobo === null ? null : fromKobo(s.counted_kobo),
    difference: s.difference_kobo === null ? null : fromKobo(s.difference_kobo),
    closed_by: s.closed_by,
    closed_by_name: s.closed_by_name,
    closed_at: s.closed_at ? s.closed_at.toISOString() : null,
    closing_note: s.closing_note,
  };
};

export const toRegister = (r: RegisterRow, session: RegisterSession | null): Register => ({
  _id: r.id,
  id: r.id,
  business_id: r.business_id,
  store_id: r.store_id,
  store_name: r.store_name,
  name: r.name,
  status: session ? 'open' : 'closed',
  session,
  expected_cash: session ? session.expected_cash : null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export const movementsOf = async (
  tx: Tx,
  businessId: string,
  sessionId: string,
): Promise<RegisterMovement[]> => {
  const rows = await tx
    .selectFrom('register_movements as m')
    .leftJoin('users as u', (j) =>
      j.onRef('u.business_id', '=', 'm.business_id').onRef('u.id', '=', 'm.user_id'),
    )
    .select([
      'm.id',
      'm.session_id',
      'm.kind',
      'm.amount_kobo',
      'm.reason',
      'm.reference_id',
      'm.user_id',
      'm.created_at',
      sql<string | null>`${userName}`.as('user_name'),
    ])
    .where('m.business_id', '=', businessId)
    .where('m.session_id', '=', sessionId)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
  return rows.map((m) => ({
    _id: m.id,
    id: m.id,
    session_id: m.session_id,
    kind: m.kind,
    amount: fromKobo(m.amount_kobo),
    reason: m.reason,
    reference_id: m.reference_id,
    user_id: m.user_id,
    user_name: m.user_name ?? '',
    created_at: m.created_at.toISOString(),
  }));
};
