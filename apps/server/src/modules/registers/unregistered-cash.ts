import { sql } from 'kysely';
import {
  REGISTER_TEXT,
  fromKobo,
  type SettleUnregisteredCashBody,
  type SettleUnregisteredCashData,
  type UnregisteredCash,
} from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertAssigned } from '../stores/index.js';
import { insertMovement } from './register-ledger.js';
import { findRegister, lockOpenSession, oneRegister, storeIdsToShow } from './registers.service.js';

/**
 * Cash of sales made offline that no register session could take (decision 0004 "Cash and
 * registers"): such a sale has `register_id` null and `unregistered_cash_kobo` > 0 until someone
 * counts the cash into an open register of its store.
 */

const SETTLED_REASON = 'Cash of a sale made offline, counted in';

/** The sales of the store (or of every store the caller may see) whose cash is in no register. */
export const listUnregisteredCash = async (
  db: Database,
  auth: AuthContext,
  storeId: string | undefined,
): Promise<UnregisteredCash> => {
  const storeIds = await storeIdsToShow(db, auth, storeId);
  if (!storeIds.length) return { sales: [], total: 0 };
  const rows = await db
    .selectFrom('sales as s')
    .leftJoin('users as u', (j) =>
      j.onRef('u.business_id', '=', 's.business_id').onRef('u.id', '=', 's.user_id'),
    )
    .select([
      's.id',
      's.receipt_number',
      's.store_id',
      's.offline_date',
      's.created_at',
      's.sold_at',
      's.unregistered_cash_kobo',
      sql<string>`coalesce(trim(u.first_name || ' ' || u.last_name), '')`.as('cashier_name'),
    ])
    .where('s.business_id', '=', auth.businessId)
    .where('s.store_id', 'in', storeIds)
    .where('s.unregistered_cash_kobo', '>', 0)
    .where('s.deleted_at', 'is', null)
    .orderBy('s.sold_at')
    .orderBy('s.id')
    .execute();
  const totalKobo = rows.reduce((sum, r) => sum + Number(r.unregistered_cash_kobo), 0);
  return {
    sales: rows.map((r) => ({
      sale_id: r.id,
      receipt_number: r.receipt_number,
      store_id: r.store_id,
      made_at: r.sold_at.toISOString(),
      offline_date: r.offline_date ? r.offline_date.toISOString() : null,
      created_at: r.created_at.toISOString(),
      cashier_name: r.cashier_name,
      amount: fromKobo(r.unregistered_cash_kobo),
    })),
    total: fromKobo(totalKobo),
  };
};

/**
 * Counts the cash of these sales into the register's open session: one `sale` movement per sale
 * (referencing it), the sale then belongs to the register and holds no unregistered cash. One
 * transaction; the sale rows are locked first (as a refund does, so the two never deadlock), so
 * concurrent settles of one sale record it once, and a sale already counted in is skipped.
 */
export const settleUnregisteredCash = async (
  db: Database,
  auth: AuthContext,
  registerId: string,
  body: SettleUnregisteredCashBody,
): Promise<SettleUnregisteredCashData> => {
  const saleIds = [...new Set(body.sale_ids)].sort();
  const settled = await db.transaction().execute(async (tx) => {
    const register = await findRegister(tx, auth, registerId);
    assertAssigned(auth, register.store_id);
    const sales = await tx
      .selectFrom('sales')
      .select(['id', 'store_id', 'unregistered_cash_kobo'])
      .where('business_id', '=', auth.businessId)
      .where('id', 'in', saleIds)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
    const missing = saleIds.find((id) => !sales.some((s) => s.id === id));
    if (missing) throw notFound('Sale');
    const elsewhere = sales.find((s) => s.store_id !== register.store_id);
    if (elsewhere)
      throw badRequest(`sale_ids: the sale ${elsewhere.id} was made in another store than this register's.`);
    const session = await lockOpenSession(tx, auth.businessId, registerId);
    if (!session) throw conflict(REGISTER_TEXT.notOpen);
    const done: { id: string; kobo: number }[] = [];
    for (const sale of sales) {
      const kobo = Number(sale.unregistered_cash_kobo);
      if (kobo <= 0) continue;
      await insertMovement(tx, session, {
        kind: 'sale',
        amountKobo: kobo,
        userId: auth.userId,
        reason: SETTLED_REASON,
        referenceId: sale.id,
      });
      await tx
        .updateTable('sales')
        .set({ unregistered_cash_kobo: 0, register_id: registerId })
        .where('business_id', '=', auth.businessId)
        .where('id', '=', sale.id)
        .execute();
      done.push({ id: sale.id, kobo });
    }
    return done;
  });
  return {
    register: await oneRegister(db, auth, registerId),
    settled_sale_ids: settled.map((s) => s.id),
    amount: fromKobo(settled.reduce((sum, s) => sum + s.kobo, 0)),
  };
};
