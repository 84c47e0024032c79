import {
  fromKobo,
  toCsv,
  type BankTransfer,
  type BankTransfersData,
  type BankTransfersQuery,
} from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { businessToday, dayEnd, dayStart } from '../../lib/business-time.js';
import { badRequest } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { transferTotals, transfersBetween, type TransferRow } from './bank-transactions.repository.js';

/** A transfer as the app shows it: naira, with what the business gets. */
export const toBankTransfer = (r: TransferRow): BankTransfer => ({
  _id: r.id,
  store_id: r.store_id,
  store_name: r.store_name,
  account_number: r.account_number,
  reference: r.provider_reference,
  amount: fromKobo(r.amount_kobo),
  fee: fromKobo(r.fee_kobo),
  net: fromKobo(r.amount_kobo - r.fee_kobo),
  payer_name: r.payer_name,
  payer_bank_name: r.payer_bank_name,
  narration: r.narration,
  status: r.status,
  paid_at: r.paid_at.toISOString(),
  sale_id: r.sale_id,
  sales_agent_code: r.sales_agent_code,
  paid_for:
    r.paid_for_kind && r.paid_for_id
      ? { kind: r.paid_for_kind, _id: r.paid_for_id, number: r.paid_for_number }
      : null,
});

/** Transfers received over days of the business's zone (default today), with their totals. */
export const listTransfers = async (
  db: Database,
  auth: AuthContext,
  query: BankTransfersQuery,
  limit?: number,
): Promise<BankTransfersData> => {
  const startdate = query.startdate ?? (await businessToday(db, auth.businessId));
  const enddate = query.enddate ?? startdate;
  if (enddate < startdate) throw badRequest('enddate must be on or after startdate');
  let stores: readonly string[] | null = auth.isAdmin ? null : auth.storeIds;
  if (query.store_id) stores = stores === null || stores.includes(query.store_id) ? [query.store_id] : [];
  const empty = { transfers: [], total_amount: 0, total_fee: 0, total_net: 0, count: 0 };
  if (stores?.length === 0) return empty;
  const from = dayStart(auth.businessId, startdate);
  const to = dayEnd(auth.businessId, enddate);
  const [rows, totals] = await Promise.all([
    transfersBetween(db, auth.businessId, from, to, stores, limit),
    transferTotals(db, auth.businessId, from, to, stores),
  ]);
  const transfers = rows.map(toBankTransfer);
  return {
    transfers,
    count: totals.count,
    total_amount: fromKobo(totals.amount),
    total_fee: fromKobo(totals.fee),
    total_net: fromKobo(totals.amount - totals.fee),
  };
};

/** The transfers as a spreadsheet, times in the business's zone. */
export const transfersCsv = (data: BankTransfersData, zone: string): string =>
  toCsv(
    [
      'Paid at',
      'Store',
      'Account',
      'Payer',
      'Payer bank',
      'Narration',
      'Reference',
      'Amount',
      'Fee',
      'You get',
      'Status',
      'Sales agent',
    ],
    data.transfers.map((t) => [
      new Date(t.paid_at).toLocaleString('en-GB', { timeZone: zone, hour12: false }),
      t.store_name,
      t.account_number,
      t.payer_name,
      t.payer_bank_name,
      t.narration,
      t.reference,
      t.amount.toFixed(2),
      t.fee.toFixed(2),
      t.net.toFixed(2),
      t.status,
      t.sales_agent_code,
    ]),
  );
