import { sql } from 'kysely';
import type { Tx } from '../../db/database.js';
import { insertMovement } from './register-ledger.js';

/**
 * Cash kept on a sale made offline (decision 0004). The money is already in a drawer, so the sale
 * is never refused for want of an open register:
 * 1. the store's session that was open when the sale was made (`madeAt`) and still is;
 * 2. else the store's session open now (the cashier's own first, as online);
 * 3. else no session: the caller records the amount on the sale (`unregisteredKobo`) and the
 *    registers screen shows it, to be counted in by hand.
 * The chosen session is share-locked, so a concurrent close waits for this transaction.
 */
export const keepOfflineCash = async (
  tx: Tx,
  input: {
    businessId: string;
    storeId: string;
    userId: string;
    amountKobo: number;
    saleId: string;
    madeAt: Date;
  },
): Promise<{ registerId: string | null; unregisteredKobo: number }> => {
  if (!Number.isSafeInteger(input.amountKobo)) throw new RangeError('amountKobo must be an integer');
  // One query for both: the sessions open then come first, in their order, then those open now in
  // `openRegisterOf`'s order (the cashier's own, then the one they opened, then the latest).
  const session = await tx
    .selectFrom('register_sessions')
    .selectAll()
    .select(sql<boolean>`(opened_at <= ${input.madeAt})`.as('open_then'))
    .where('business_id', '=', input.businessId)
    .where('store_id', '=', input.storeId)
    .where('status', '=', 'open')
    .orderBy(sql`(opened_at <= ${input.madeAt})`, 'desc')
    .orderBy(sql`(operator_id = ${input.userId}::uuid)`, 'desc')
    .orderBy(
      sql`CASE WHEN opened_at <= ${input.madeAt} THEN NULL ELSE (opened_by = ${input.userId}::uuid) END`,
      'desc',
    )
    .orderBy('opened_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .forShare()
    .executeTakeFirst();
  const openThen = session?.open_then === true;
  if (!session) return { registerId: null, unregisteredKobo: input.amountKobo };
  if (input.amountKobo > 0)
    await insertMovement(tx, session, {
      kind: 'sale',
      amountKobo: input.amountKobo,
      userId: input.userId,
      referenceId: input.saleId,
      // In the session open when the sale was made, the cash went in then; else it goes in now.
      ...(openThen ? { at: input.madeAt } : {}),
    });
  return { registerId: session.register_id, unregisteredKobo: 0 };
};
