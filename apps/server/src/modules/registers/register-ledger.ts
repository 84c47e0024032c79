import { sql, type Selectable } from 'kysely';
import { REGISTER_TEXT } from '@ms/contracts';
import type { Tx } from '../../db/database.js';
import { runPrepared } from '../../db/prepared.js';
import type { RegisterSessionsTable } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';

/**
 * The cash ledger of registers. Every cash movement of a session (float, sale, refund, cash added,
 * cash removed) is a row; the cash expected in the drawer is the sum of the session's rows.
 */

export type SessionRow = Selectable<RegisterSessionsTable>;
export type CashKind = 'float' | 'sale' | 'refund' | 'cash_added' | 'cash_removed' | 'switch_user';

/**
 * The open register session of a store, or undefined. With several open, the one operated by (or
 * opened by) `userId` wins, else the most recently opened. `lock` takes a share lock on it, so a
 * concurrent close waits for the caller's transaction (and cash never lands in a closed session).
 */
export const openRegisterOf = async (
  tx: Tx,
  businessId: string,
  storeId: string,
  opts: { userId?: string; lock?: boolean } = {},
): Promise<SessionRow | undefined> => {
  let q = tx
    .selectFrom('register_sessions')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('store_id', '=', storeId)
    .where('status', '=', 'open');
  if (opts.userId) {
    const user = opts.userId;
    q = q
      .orderBy(sql`(operator_id = ${user}::uuid)`, 'desc')
      .orderBy(sql`(opened_by = ${user}::uuid)`, 'desc');
  }
  q = q.orderBy('opened_at', 'desc').orderBy('id', 'desc').limit(1);
  // A lookup by business and store, the same text every time: prepared (db/prepared.ts).
  return (await runPrepared(tx, opts.lock ? q.forShare() : q))[0];
};

/** One ledger row in a session (the caller holds the session). */
export const insertMovement = async (
  tx: Tx,
  session: Pick<SessionRow, 'business_id' | 'id' | 'register_id' | 'store_id'>,
  m: {
    kind: CashKind;
    amountKobo: number;
    userId: string;
    reason?: string | null;
    referenceId?: string | null;
    /** When the cash went in, if not now (a sale made offline: when it was made). */
    at?: Date;
  },
): Promise<void> => {
  await tx
    .insertInto('register_movements')
    .values({
      business_id: session.business_id,
      id: newId(),
      session_id: session.id,
      register_id: session.register_id,
      store_id: session.store_id,
      kind: m.kind,
      amount_kobo: m.amountKobo,
      reason: m.reason ?? null,
      reference_id: m.referenceId ?? null,
      user_id: m.userId,
      ...(m.at ? { created_at: m.at } : {}),
    })
    .execute();
};

/**
 * Cash of a sale (+) or a refund (−) into the open register of the store, inside the caller's
 * transaction (the sale's, so a rolled-back sale leaves no cash behind). 409 "Open a register in this store before taking cash." when none is open.
 * Returns the session the cash went to (held with a share lock until the transaction ends).
 */
export const recordRegisterCash = async (
  tx: Tx,
  input: {
    businessId: string;
    storeId: string;
    userId: string;
    amountKobo: number;
    kind: 'sale' | 'refund';
    referenceId: string | null;
  },
): Promise<SessionRow> => {
  if (!Number.isSafeInteger(input.amountKobo)) throw new RangeError('amountKobo must be an integer');
  // The share lock only holds inside a transaction: outside one, make one.
  if (!tx.isTransaction) return tx.transaction().execute((inner) => recordRegisterCash(inner, input));
  const session = await openRegisterOf(tx, input.businessId, input.storeId, {
    userId: input.userId,
    lock: true,
  });
  if (!session) throw conflict(REGISTER_TEXT.noOpenRegister);
  if (input.amountKobo === 0) return session;
  await insertMovement(tx, session, {
    kind: input.kind,
    amountKobo: input.amountKobo,
    userId: input.userId,
    referenceId: input.referenceId,
  });
  return session;
};

/** Sum of a session's rows: the cash that should be in the drawer. */
export const expectedKoboOf = async (tx: Tx, businessId: string, sessionId: string): Promise<number> => {
  const row = await tx
    .selectFrom('register_movements')
    .select(sql<number>`coalesce(sum(amount_kobo), 0)::int8`.as('total'))
    .where('business_id', '=', businessId)
    .where('session_id', '=', sessionId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
};
