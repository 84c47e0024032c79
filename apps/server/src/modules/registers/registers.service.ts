import {
  ADMIN_ROLE,
  REGISTER_TEXT,
  toKobo,
  type AddCashBody,
  type CloseRegisterBody,
  type CreateRegisterBody,
  type OpenRegisterBody,
  type Register,
  type RegisterCloseData,
  type RegisterDetail,
  type RegisterEmployee,
  type RemoveCashBody,
  type UpdateRegisterBody,
} from '@ms/contracts';
import { sql } from 'kysely';
import type { Database, Tx } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertAssigned, assertStoreAccess, visibleStoreIds } from '../stores/index.js';
import { expectedKoboOf, insertMovement } from './register-ledger.js';
import {
  closedSessionsOf,
  emptyTotals,
  movementsOf,
  openSessionsOf,
  registerById,
  registersOfStores,
  sessionById,
  sumsOf,
  toRegister,
  toSession,
  type RegisterRow,
} from './registers.repository.js';

const NAME_TAKEN = 'A register with this name already exists in this store.';

/** Registers with their open session and totals. */
const shape = async (tx: Tx, businessId: string, rows: RegisterRow[]): Promise<Register[]> => {
  const sessions = await openSessionsOf(
    tx,
    businessId,
    rows.map((r) => r.id),
  );
  const sums = await sumsOf(
    tx,
    businessId,
    sessions.map((s) => s.id),
  );
  const byRegister = new Map(sessions.map((s) => [s.register_id, s]));
  return rows.map((r) => {
    const s = byRegister.get(r.id);
    return toRegister(r, s ? toSession(s, sums.get(s.id) ?? emptyTotals()) : null);
  });
};

/** The store asked for (404 when not a live store of the business, 403 when not assigned), else every visible one. */
export const storeIdsToShow = async (
  tx: Tx,
  auth: AuthContext,
  storeId: string | undefined,
): Promise<string[]> => {
  if (!storeId) return visibleStoreIds(tx, auth);
  await assertStoreAccess(tx, auth, storeId);
  return [storeId];
};

export const listRegisters = async (
  db: Database,
  auth: AuthContext,
  storeId: string | undefined,
): Promise<Register[]> => {
  const storeIds = await storeIdsToShow(db, auth, storeId);
  return shape(db, auth.businessId, await registersOfStores(db, auth.businessId, storeIds));
};

/** The register of this business, or 404 (malformed ids too). */
export const findRegister = async (tx: Tx, auth: AuthContext, id: string): Promise<RegisterRow> => {
  if (!isUuid(id)) throw notFound('Register');
  const row = await registerById(tx, auth.businessId, id);
  if (!row) throw notFound('Register');
  return row;
};

export const oneRegister = async (tx: Tx, auth: AuthContext, id: string): Promise<Register> => {
  const row = await findRegister(tx, auth, id);
  return (await shape(tx, auth.businessId, [row]))[0]!;
};

export const registerDetail = async (
  db: Database,
  auth: AuthContext,
  id: string,
  sessionId: string | undefined,
): Promise<RegisterDetail> => {
  const row = await findRegister(db, auth, id);
  assertAssigned(auth, row.store_id);
  const [reg] = await shape(db, auth.businessId, [row]);
  const closed = await closedSessionsOf(db, auth.businessId, id);
  const sums = await sumsOf(
    db,
    auth.businessId,
    closed.map((s) => s.id),
  );
  const history = closed.map((s) => toSession(s, sums.get(s.id) ?? emptyTotals()));
  let shown = reg!.session ?? history[0] ?? null;
  if (sessionId) {
    const s = await sessionById(db, auth.businessId, id, sessionId);
    if (!s) throw notFound('Register session');
    shown =
      history.find((h) => h.id === s.id) ??
      (reg!.session?.id === s.id
        ? reg!.session
        : toSession(s, (await sumsOf(db, auth.businessId, [s.id])).get(s.id)!));
  }
  return {
    ...reg!,
    movements_session: shown,
    movements: shown ? await movementsOf(db, auth.businessId, shown.id) : [],
    history,
  };
};

export const createRegister = async (
  db: Database,
  auth: AuthContext,
  body: CreateRegisterBody,
): Promise<Register> => {
  await assertStoreAccess(db, auth, body.store_id);
  const id = newId();
  try {
    await db
      .insertInto('registers')
      .values({ business_id: auth.businessId, id, store_id: body.store_id, name: body.name })
      .execute();
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(NAME_TAKEN);
    throw e;
  }
  return oneRegister(db, auth, id);
};

/** Locks the register's open session (FOR UPDATE), or undefined when it is closed. */
export const lockOpenSession = (tx: Tx, businessId: string, registerId: string) =>
  tx
    .selectFrom('register_sessions')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('register_id', '=', registerId)
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();

/** Can this user operate a register in this store? Admin, or pos.make_sale and assigned there. */
const operatorOf = async (tx: Tx, businessId: string, userId: string, storeId: string) => {
  const user = await tx
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) =>
      j.onRef('r.business_id', '=', 'u.business_id').onRef('r.id', '=', 'u.role_id'),
    )
    .select([
      'u.id',
      'u.status',
      'r.name as role',
      'r.permissions',
      'r.active',
      sql<boolean>`exists(select 1 from user_stores us where us.business_id = u.business_id and us.user_id = u.id and us.store_id = ${storeId}::uuid)`.as(
        'assigned',
      ),
    ])
    .where('u.business_id', '=', businessId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user || user.status !== 'active') throw notFound('User');
  const admin = user.role.toLowerCase() === ADMIN_ROLE;
  if (!admin && !(user.active && user.permissions.includes('pos.make_sale') && user.assigned))
    throw badRequest('user_id: this employee cannot operate registers in this store.');
};

export const updateRegister = async (
  db: Database,
  auth: AuthContext,
  id: string,
  body: UpdateRegisterBody,
): Promise<Register> => {
  await db.transaction().execute(async (tx) => {
    const row = await findRegister(tx, auth, id);
    assertAssigned(auth, row.store_id);
    if (body.name !== undefined) {
      try {
        await tx
          .updateTable('registers')
          .set({ name: body.name })
          .where('business_id', '=', auth.businessId)
          .where('id', '=', id)
          .execute();
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(NAME_TAKEN);
        throw e;
      }
    }
    if (body.user_id !== undefined) {
      const session = await lockOpenSession(tx, auth.businessId, id);
      if (!session) throw conflict('This register is closed. Open it before switching user.');
      await operatorOf(tx, auth.businessId, body.user_id, row.store_id);
      if (session.operator_id !== body.user_id) {
        await tx
          .updateTable('register_sessions')
          .set({ operator_id: body.user_id })
          .where('business_id', '=', auth.businessId)
          .where('id', '=', session.id)
          .execute();
        await insertMovement(tx, session, {
          kind: 'switch_user',
          amountKobo: 0,
          userId: auth.userId,
          referenceId: body.user_id,
        });
      }
    }
  });
  return oneRegister(db, auth, id);
};

export const openRegister = async (
  db: Database,
  auth: AuthContext,
  id: string,
  body: OpenRegisterBody,
): Promise<Register> => {
  await db.transaction().execute(async (tx) => {
    const row = await findRegister(tx, auth, id);
    assertAssigned(auth, row.store_id);
    // Serialise opens of one register on its row.
    await tx
      .selectFrom('registers')
      .select('id')
      .where('business_id', '=', auth.businessId)
      .where('id', '=', id)
      .forUpdate()
      .execute();
    if (await lockOpenSession(tx, auth.businessId, id)) throw conflict(REGISTER_TEXT.alreadyOpen);
    const session = {
      business_id: auth.businessId,
      id: newId(),
      register_id: id,
      store_id: row.store_id,
    };
    const float = toKobo(body.float);
    await tx
      .insertInto('register_sessions')
      .values({
        ...session,
        status: 'open',
        opened_by: auth.userId,
        operator_id: auth.userId,
        float_kobo: float,
      })
      .execute();
    await insertMovement(tx, session, { kind: 'float', amountKobo: float, userId: auth.userId });
  });
  return oneRegister(db, auth, id);
};

export const moveCash = async (
  db: Database,
  auth: AuthContext,
  id: string,
  direction: 'add' | 'remove',
  body: AddCashBody | RemoveCashBody,
): Promise<Register> => {
  await db.transaction().execute(async (tx) => {
    const row = await findRegister(tx, auth, id);
    assertAssigned(auth, row.store_id);
    const session = await lockOpenSession(tx, auth.businessId, id);
    if (!session) throw conflict(REGISTER_TEXT.notOpen);
    const kobo = toKobo(body.amount);
    await insertMovement(tx, session, {
      kind: direction === 'add' ? 'cash_added' : 'cash_removed',
      amountKobo: direction === 'add' ? kobo : -kobo,
      userId: auth.userId,
      reason: body.reason ?? null,
    });
  });
  return oneRegister(db, auth, id);
};

export const closeRegister = async (
  db: Database,
  auth: AuthContext,
  id: string,
  body: CloseRegisterBody,
): Promise<RegisterCloseData> => {
  const sessionId = await db.transaction().execute(async (tx) => {
    const row = await findRegister(tx, auth, id);
    assertAssigned(auth, row.store_id);
    const session = await lockOpenSession(tx, auth.businessId, id);
    if (!session) throw conflict(REGISTER_TEXT.alreadyClosed);
    const expected = await expectedKoboOf(tx, auth.businessId, session.id);
    const counted = toKobo(body.counted_cash);
    await tx
      .updateTable('register_sessions')
      .set({
        status: 'closed',
        expected_kobo: expected,
        counted_kobo: counted,
        difference_kobo: counted - expected,
        closed_by: auth.userId,
        closed_at: sql<Date>`clock_timestamp()`,
        closing_note: body.note || null,
      })
      .where('business_id', '=', auth.businessId)
      .where('id', '=', session.id)
      .execute();
    return session.id;
  });
  const reg = await oneRegister(db, auth, id);
  const s = await sessionById(db, auth.businessId, id, sessionId);
  const session = toSession(s!, (await sumsOf(db, auth.businessId, [sessionId])).get(sessionId)!);
  return {
    register: reg,
    session,
    expected_cash: session.expected_cash,
    counted_cash: session.counted_cash ?? 0,
    difference: session.difference ?? 0,
  };
};

/** Active employees who can operate registers (admins, or roles with pos.make_sale), with their stores. */
export const registerEmployees = async (
  db: Database,
  auth: AuthContext,
  storeId: string | undefined,
): Promise<RegisterEmployee[]> => {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', (j) =>
      j.onRef('r.business_id', '=', 'u.business_id').onRef('r.id', '=', 'u.role_id'),
    )
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'r.name as role',
      'r.permissions',
      'r.active',
      sql<
        string[]
      >`array(select us.store_id::text from user_stores us where us.business_id = u.business_id and us.user_id = u.id)`.as(
        'store_ids',
      ),
    ])
    .where('u.business_id', '=', auth.businessId)
    .where('u.status', '=', 'active')
    .orderBy('u.first_name')
    .execute();
  return rows
    .filter((u) => {
      const admin = u.role.toLowerCase() === ADMIN_ROLE;
      if (!admin && !(u.active && u.permissions.includes('pos.make_sale'))) return false;
      return !storeId || admin || u.store_ids.includes(storeId);
    })
    .map((u) => ({
      id: u.id,
      name: `${u.first_name} ${u.last_name}`.trim(),
      email: u.email,
      role: u.role,
      store_ids: u.store_ids,
    }));
};
