import { sql } from 'kysely';
import type { Sale } from '@ms/contracts';
import { newId } from '../../src/lib/ids.js';
import type { TestApp } from '../helper.js';
import { dataOf, type Owner } from '../inventory/inventory-helper.js';

/** Noon in Lagos of a day (YYYY-MM-DD). */
export const noon = (day: string) => `${day}T12:00:00+01:00`;

/** `quantity` of a ₦1,000 product paid by card, made at `at` (an offline sale uploaded now) or now. */
export const sell = async (
  t: TestApp,
  who: Owner,
  product: string,
  storeId: string,
  quantity: number,
  at?: string,
) =>
  dataOf<Sale>(
    await t.request({
      method: 'POST',
      url: `/v2/business/${who.businessId}/sales`,
      token: who.token,
      device: who.device,
      body: {
        _id: newId(),
        store_id: storeId,
        items: [{ _id: product, quantity }],
        payments: [{ method: 'card', amount: quantity * 1000 }],
        ...(at ? { offline_date: at, is_offline_data: true } : {}),
      },
    }),
    201,
  );

/** The kept sums of a business's day: [sales, their total in kobo] per store. */
export const keptRows = async (t: TestApp, businessId: string, day: string) =>
  (
    await sql<{ n: number; kobo: string }>`
      SELECT sales_count AS n, sales_kobo AS kobo FROM sale_days
      WHERE business_id = ${businessId} AND day = ${day}::date`.execute(t.db)
  ).rows.map((r) => [Number(r.n), Number(r.kobo)]);
