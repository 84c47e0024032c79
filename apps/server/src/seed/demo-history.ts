import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { login, type Call } from './demo-api.js';
import { sql, type RawBuilder } from 'kysely';
import { LOYALTY_TOKEN_HEADER } from '@ms/contracts';
import type { Database } from '../db/database.js';

/**
 * About sixty days of trading for the demo business, so the dashboard, reports, graphs, registers,
 * customers and stock logs open with something to judge (issue 12).
 *
 * Everything is done by the product's own code through its HTTP API, in process (`app.inject`),
 * as the demo's users: registers opened and closed, sales uploaded the way the till uploads them
 * (offline sync, which takes the time a sale was made), customers created, refunds, stock
 * received, one transfer Lekki -> Yaba, one count with a small variance, loyalty earned and
 * spent. So every invariant the services keep (stock level = sum of movements, register expected
 * cash = sum of its rows, loyalty balances = sum of their ledgers, receipt numbers in order) holds.
 *
 * What the API cannot date in the past is re-dated right after the call that wrote it: a
 * register's opening and closing time, a refund, a transfer, a count, a stock delivery, a
 * customer's creation, and the `created_at` of a sale's rows (its `sold_at` is already the time
 * sent). Only timestamps change, never an amount or a quantity, so every sum stays as written.
 * A row is known to be the one just written because it is dated at or after the moment the seed
 * started: everything the seed has finished with is dated before it (see `redateRecent`).
 *
 * Deterministic: a small seeded PRNG (mulberry32) drives every choice, and choices depend only on
 * it and on the answers of the API, so the same seed on the same day gives the same sales,
 * amounts, refunds and register differences. Days are counted back from today in the business's
 * time zone (Africa/Lagos: UTC+1 all year, no daylight saving), so which weekday is a Saturday
 * depends on the day the demo is made.
 */

export type DemoHistoryInput = {
  app: FastifyInstance;
  db: Database;
  businessId: string;
  stores: { lekki: string; yaba: string };
  admin: { email: string; password: string };
  cashier: { email: string; password: string };
  /** PRNG seed (default 20250612). */
  seed?: number;
  /** Days of history, today included (default 60). */
  days?: number;
};

export type DemoHistorySummary = {
  days: number;
  sales: number;
  refunds: number;
  customers: number;
  registerSessionsClosed: number;
  totalNaira: number;
};

export const DEMO_HISTORY_SEED = 20250612;

// ---------------------------------------------------------------------------------------------
// Randomness and time

/** mulberry32: a tiny, fast, seedable PRNG (uniform in [0, 1)). */
export const mulberry32 = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

type Rand = () => number;
const int = (rnd: Rand, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
const pick = <T>(rnd: Rand, items: readonly T[], weight: (t: T) => number): T => {
  const total = items.reduce((a, t) => a + weight(t), 0);
  let r = rnd() * total;
  for (const t of items) {
    r -= weight(t);
    if (r < 0) return t;
  }
  return items[items.length - 1]!;
};

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const MINUTE = 60_000;
/** Midnight (Lagos) of the day `daysAgo` before the day of `now`, as a UTC instant. */
const lagosMidnight = (now: Date, daysAgo: number): number => {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS);
  return (
    Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate() - daysAgo) - LAGOS_OFFSET_MS
  );
};
/** 0 Sunday ... 6 Saturday, of the Lagos day starting at `midnight`. */
const weekdayOf = (midnight: number) => new Date(midnight + LAGOS_OFFSET_MS).getUTCDay();
const at = (midnight: number, hours: number, minutes = 0) => midnight + (hours * 60 + minutes) * MINUTE;

// ---------------------------------------------------------------------------------------------
// The shop

/** How each item sells (by SKU; a variety by its own SKU): weight in a basket, units per line. */
const DEMAND: Record<string, { weight: number; qty: [number, number] }> = {
  'INDO-70': { weight: 10, qty: [1, 10] },
  'EVA-75': { weight: 8, qty: [1, 6] },
  'COKE-50': { weight: 8, qty: [1, 4] },
  'GP-SPAG': { weight: 6, qty: [1, 4] },
  'PK-400': { weight: 6, qty: [1, 3] },
  'DET-110': { weight: 4, qty: [1, 3] },
  'MILO-500': { weight: 3, qty: [1, 2] },
  'CU-140': { weight: 3, qty: [1, 2] },
  'MG-RICE5': { weight: 1.5, qty: [1, 1] },
  'TOTE-S': { weight: 0.8, qty: [1, 1] },
  'TOTE-L': { weight: 0.5, qty: [1, 1] },
};
const DELIVERY = 'Home delivery (Lagos mainland)';

/** What each store keeps on the shelf: the Monday delivery tops up to this (0: never stocked). */
const PAR: Record<'lekki' | 'yaba', Record<string, number>> = {
  lekki: {
    'PK-400': 40,
    'MILO-500': 18,
    'GP-SPAG': 60,
    'MG-RICE5': 12,
    'INDO-70': 240,
    'DET-110': 30,
    'CU-140': 0,
    'COKE-50': 96,
    'EVA-75': 120,
    'TOTE-S': 8,
    'TOTE-L': 5,
  },
  yaba: {
    'PK-400': 20,
    'MILO-500': 6,
    'GP-SPAG': 45,
    'MG-RICE5': 0,
    'INDO-70': 160,
    'DET-110': 8,
    'CU-140': 10,
    'COKE-50': 48,
    'EVA-75': 72,
    'TOTE-S': 4,
    'TOTE-L': 2,
  },
};

/** Sales on an ordinary weekday, and how each weekday compares (Sunday ... Saturday). */
const BASE_SALES = { lekki: 2.8, yaba: 1.9 };
const WEEKDAY_FACTOR = [0.4, 0.9, 0.9, 1, 1, 1.25, 1.9];
/** Weights of the hours 9..19 (the shop opens at 09:30, the last sale is before 20:00). */
const HOUR_WEIGHTS: [number, number][] = [
  [9, 0.3],
  [10, 0.9],
  [11, 1],
  [12, 1],
  [13, 0.8],
  [14, 0.9],
  [15, 1],
  [16, 1.1],
  [17, 1.3],
  [18, 1.2],
  [19, 0.4],
];
const LINES = [1, 2, 3, 4, 5, 6];
const LINE_WEIGHTS = [30, 28, 20, 12, 6, 4];

const CUSTOMERS: { first_name: string; last_name: string; phone: string; weight: number }[] = [
  { first_name: 'Chiamaka', last_name: 'Eze', phone: '08034567801', weight: 9 },
  { first_name: 'Babatunde', last_name: 'Adeyemi', phone: '08023456702', weight: 8 },
  { first_name: 'Ngozi', last_name: 'Obi', phone: '07061234503', weight: 7 },
  { first_name: 'Emeka', last_name: 'Nwosu', phone: '08145678904', weight: 6 },
  { first_name: 'Funmilayo', last_name: 'Ogunleye', phone: '09012345605', weight: 5 },
  { first_name: 'Ibrahim', last_name: 'Musa', phone: '08067890106', weight: 3 },
  { first_name: 'Aisha', last_name: 'Bello', phone: '08098765407', weight: 2 },
  { first_name: 'Tobi', last_name: 'Akinola', phone: '07035678908', weight: 2 },
  { first_name: 'Kelechi', last_name: 'Okonkwo', phone: '08156789009', weight: 1.5 },
  { first_name: 'Yetunde', last_name: 'Balogun', phone: '08087654310', weight: 1.5 },
  { first_name: 'Uche', last_name: 'Anyanwu', phone: '09087654311', weight: 1 },
  { first_name: 'Bisi', last_name: 'Lawal', phone: '07012398712', weight: 1 },
  { first_name: 'Segun', last_name: 'Oladipo', phone: '08111222313', weight: 1 },
  { first_name: 'Halima', last_name: 'Sani', phone: '08122333414', weight: 1 },
];
const REFUND_REASONS = [
  'Customer changed their mind',
  'Dented tin',
  'Wrong item picked',
  'Past its best-before date',
  'Packet torn',
];
const SHORT_NOTES = ['Short: change given twice', 'Short: counted again, could not find it'];
const OVER_NOTES = ['Over: customer left their change', 'Over: counted twice, still over'];

// ---------------------------------------------------------------------------------------------

type Item = {
  key: string;
  sku: string;
  productId: string;
  varietyId: string | null;
  priceKobo: number;
  tracks: boolean;
};
type StoreKey = 'lekki' | 'yaba';
/** What the seed reads of an uploaded sale. */
type UploadedSale = {
  total: number;
  items: { _id: string; quantity: number; product_id: string; variety_id: string | null }[];
};
type SoldSale = {
  id: string;
  store: StoreKey;
  at: number;
  customer: boolean;
  paidWith: string;
  lines: { _id: string; quantity: number; key: string | null }[];
  refundable: boolean;
};

/**
 * Rows a sale writes in tables other calls write too: left alone by `redateRecent`, and dated at
 * the sale's time once every sale is in (`redateSales`).
 */
const SALE_ROWS: Record<string, RawBuilder<boolean>> = {
  stock_movements: sql`NOT (reason = 'sale')`,
  points_ledger: sql`kind NOT IN ('earn', 'redeem')`,
  store_credit_ledger: sql`kind <> 'spend'`,
};

/** Tables whose rows the API dates "now", with the column to re-date (see `redateRecent`). */
const DATED = {
  stock: [['stock_movements', 'created_at']],
  customer: [['customers', 'created_at']],
  refund: [
    ['refunds', 'created_at'],
    ['stock_movements', 'created_at'],
    ['register_movements', 'created_at'],
    ['points_ledger', 'created_at'],
    ['store_credit_ledger', 'created_at'],
  ],
  cash: [['register_movements', 'created_at']],
  transferSent: [
    ['transfers', 'created_at'],
    ['transfers', 'sent_at'],
    ['stock_movements', 'created_at'],
  ],
  transferReceived: [
    ['transfers', 'received_at'],
    ['stock_movements', 'created_at'],
  ],
  countStarted: [['stock_counts', 'created_at']],
  countSubmitted: [['stock_counts', 'submitted_at']],
  countAccepted: [
    ['stock_counts', 'accepted_at'],
    ['stock_movements', 'created_at'],
  ],
} as const;

export const seedDemoHistory = async (input: DemoHistoryInput): Promise<DemoHistorySummary> => {
  const { app, db, businessId: b } = input;
  const DAYS = input.days ?? 60;
  const rnd = mulberry32(input.seed ?? DEMO_HISTORY_SEED);
  const storeIds: Record<StoreKey, string> = { lekki: input.stores.lekki, yaba: input.stores.yaba };

  // The moment the seed starts, by the database's clock: every time given to a row is before it,
  // so "dated at or after the start" means "written by the last call and not yet re-dated".
  const start = (await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(db)).rows[0]!.now;
  const now = start.getTime();
  const redateRecent = async (when: number, targets: readonly (readonly [string, string])[]) => {
    for (const [table, column] of targets)
      await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${new Date(when)}
        WHERE business_id = ${b} AND ${sql.ref(column)} >= ${start} AND ${SALE_ROWS[table] ?? sql`true`}`.execute(
        db,
      );
  };

  const admin = await login(app, input.admin);
  const cashier = await login(app, input.cashier);
  // Lekki's till is run by the cashier, Yaba's by the owner.
  const staff: Record<StoreKey, Call> = { lekki: cashier, yaba: admin };

  // Loyalty: 1 point per ₦100 spent, a point is worth ₦1; refunds may go to store credit.
  const loyalty = await admin<{ token: string }>('POST', '/v1/loyalty/access');
  await admin(
    'PUT',
    '/v1/loyalty/settings',
    { points_active: true, naira_per_point: 100, point_value: 1, store_credit_active: true },
    { [LOYALTY_TOKEN_HEADER]: loyalty.token },
  );

  // The catalogue as the till sees it (read straight from the tables: nothing is written here),
  // in a fixed order so the same seed picks the same items.
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'product_type', 'track_stock', 'selling_price'])
    .where('business_id', '=', b)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .execute();
  const varieties = await db
    .selectFrom('product_varieties')
    .select(['id', 'product_id', 'sku', 'selling_price'])
    .where('business_id', '=', b)
    .where('deleted_at', 'is', null)
    .orderBy('sku')
    .execute();
  const items: Item[] = [];
  for (const p of products) {
    if (p.product_type === 'variable') continue;
    items.push({
      key: p.id,
      sku: p.sku ?? p.name,
      productId: p.id,
      varietyId: null,
      priceKobo: Number(p.selling_price),
      tracks: p.product_type !== 'service' && p.track_stock,
    });
  }
  for (const v of varieties)
    items.push({
      key: v.id,
      sku: v.sku ?? v.id,
      productId: v.product_id,
      varietyId: v.id,
      priceKobo: Number(v.selling_price),
      tracks: true,
    });
  const delivery = products.find((p) => p.name === DELIVERY);
  const giftBag = await db
    .selectFrom('modifiers')
    .select(['id', 'selling_price'])
    .where('business_id', '=', b)
    .where('name', '=', 'Gift bag')
    .executeTakeFirst();
  const optionId = (
    await db
      .selectFrom('payment_options')
      .select('id')
      .where('business_id', '=', b)
      .where('deleted_at', 'is', null)
      .where('active', '=', true)
      .orderBy('name')
      .executeTakeFirst()
  )?.id;
  const sellable = items.filter((i) => DEMAND[i.sku]);

  // Stock as the seed goes (kept in step with the server's levels, so nothing oversells).
  const level = new Map<string, number>();
  const lv = (store: StoreKey, key: string) => level.get(`${store}:${key}`) ?? 0;
  const addLevel = (store: StoreKey, key: string, q: number) =>
    level.set(`${store}:${key}`, lv(store, key) + q);
  for (const row of await db
    .selectFrom('stock_levels')
    .select(['store_id', 'item_id', 'quantity'])
    .where('business_id', '=', b)
    .execute())
    level.set(`${row.store_id === storeIds.lekki ? 'lekki' : 'yaba'}:${row.item_id}`, Number(row.quantity));

  const firstDay = lagosMidnight(start, DAYS - 1);
  // The opening stock was there before the first day.
  await sql`UPDATE stock_movements SET created_at = ${new Date(at(firstDay, -14))} WHERE business_id = ${b}`.execute(
    db,
  );

  const registers = {} as Record<StoreKey, string>;
  for (const store of ['lekki', 'yaba'] as const) {
    const list = await admin<{ id: string }[]>(
      'GET',
      `/v1/registries/businesses/${b}?store_id=${storeIds[store]}`,
    );
    registers[store] = list[0]!.id;
  }

  const customerIds = new Map<number, string>();
  const customerAt = async (store: StoreKey, index: number, when: number): Promise<string> => {
    const known = customerIds.get(index);
    if (known) return known;
    const c = CUSTOMERS[index]!;
    const created = await staff[store]<{ _id: string }>('POST', '/v1/customers/', {
      first_name: c.first_name,
      last_name: c.last_name,
      phone: c.phone,
    });
    await redateRecent(when - 2 * MINUTE, DATED.customer);
    customerIds.set(index, created._id);
    return created._id;
  };
  const pointsOf = async (customerId: string) =>
    Number(
      (
        await db
          .selectFrom('loyalty_balances')
          .select('points')
          .where('business_id', '=', b)
          .where('customer_id', '=', customerId)
          .executeTakeFirst()
      )?.points ?? 0,
    );

  const restock = async (store: StoreKey, when: number) => {
    const lines = sellable
      .filter((i) => i.tracks && PAR[store][i.sku]! > 0 && lv(store, i.key) < PAR[store][i.sku]! * 0.6)
      .map((i) => ({ item: i, quantity: PAR[store][i.sku]! - lv(store, i.key) }));
    if (!lines.length) return;
    await admin('POST', `/v2/business/${b}/stocks/adjustments`, {
      store_id: storeIds[store],
      type: 'add',
      reason: 'received',
      note: 'Delivery from the distributor',
      items: lines.map((l) => ({
        product_id: l.item.productId,
        variety_id: l.item.varietyId,
        quantity: l.quantity,
      })),
    });
    await redateRecent(when, DATED.stock);
    for (const l of lines) addLevel(store, l.item.key, l.quantity);
  };

  const transfer = async (midnight: number) => {
    const wanted: [string, number][] = [
      ['INDO-70', 40],
      ['COKE-50', 12],
      ['PK-400', 6],
    ];
    const lines = wanted.flatMap(([sku, q]) => {
      const item = sellable.find((i) => i.sku === sku)!;
      const quantity = Math.min(q, lv('lekki', item.key) - 5);
      return quantity > 0 ? [{ item, quantity }] : [];
    });
    if (!lines.length) return;
    const sent = await admin<{ id: string }>('POST', `/v2/business/${b}/transfers`, {
      from_store_id: storeIds.lekki,
      to_store_id: storeIds.yaba,
      note: 'Yaba is short of fast movers',
      items: lines.map((l) => ({
        product_id: l.item.productId,
        variety_id: l.item.varietyId,
        quantity: l.quantity,
      })),
    });
    await redateRecent(at(midnight, 8, 10), DATED.transferSent);
    await admin('POST', `/v2/business/${b}/transfers/recieve`, { id: sent.id });
    await redateRecent(at(midnight, 9, 5), DATED.transferReceived);
    for (const l of lines) {
      addLevel('lekki', l.item.key, -l.quantity);
      addLevel('yaba', l.item.key, l.quantity);
    }
  };

  const count = async (store: StoreKey, midnight: number) => {
    const base = `/v1/businesses/${b}/stocks/counts`;
    const started = await admin<{ id: string }>('POST', `${base}/`, {
      store_id: storeIds[store],
      scope: 'store',
      note: 'Full count of the shop',
    });
    await redateRecent(at(midnight, 7, 30), DATED.countStarted);
    const detail = await admin<{ items: { item_id: string; expected: number }[] }>(
      'GET',
      `${base}/${started.id}/?limit=1000`,
    );
    const variance: Record<string, number> = { 'INDO-70': -3, 'EVA-75': 1, 'DET-110': -1 };
    const entries = detail.items.map((i) => {
      const sku = items.find((x) => x.key === i.item_id)?.sku ?? '';
      return { item_id: i.item_id, counted: Math.max(0, i.expected + (variance[sku] ?? 0)) };
    });
    await admin('PUT', `${base}/${started.id}/`, { items: entries });
    await admin('POST', `${base}/${started.id}/submit/`);
    await redateRecent(at(midnight, 8, 5), DATED.countSubmitted);
    await admin('POST', `${base}/${started.id}/accept/`);
    await redateRecent(at(midnight, 8, 20), DATED.countAccepted);
    for (const e of entries) level.set(`${store}:${e.item_id}`, e.counted);
  };

  /** A basket of 1-6 lines from what the store has, and how it is paid. */
  const makeSale = async (store: StoreKey, when: number) => {
    const lineCount = pick(rnd, LINES, (n) => LINE_WEIGHTS[n - 1]!);
    const chosen: { item: Item; quantity: number; giftWrap: boolean }[] = [];
    for (let n = 0; n < lineCount; n++) {
      const open = sellable.filter((i) => lv(store, i.key) > 0 && !chosen.some((c) => c.item.key === i.key));
      if (!open.length) break;
      const item = pick(rnd, open, (i) => DEMAND[i.sku]!.weight);
      const [min, max] = DEMAND[item.sku]!.qty;
      const quantity = Math.min(int(rnd, min, max), lv(store, item.key));
      chosen.push({ item, quantity, giftWrap: item.varietyId !== null && rnd() < 0.4 });
    }
    const withDelivery = store === 'lekki' && delivery && rnd() < 0.04;
    let totalKobo = chosen.reduce(
      (a, c) =>
        a + (c.item.priceKobo + (c.giftWrap && giftBag ? Number(giftBag.selling_price) : 0)) * c.quantity,
      0,
    );
    if (withDelivery) totalKobo += Number(delivery.selling_price);
    // The owner sometimes knocks a little off a big basket.
    const discountNaira = store === 'yaba' && totalKobo > 500_000 && rnd() < 0.25 ? int(rnd, 1, 5) * 100 : 0;
    totalKobo -= discountNaira * 100;

    let customerId: string | null = null;
    if (rnd() < 0.11)
      customerId = await customerAt(store, CUSTOMERS.indexOf(pick(rnd, CUSTOMERS, (c) => c.weight)), when);

    const payments: { method: string; amount: number; points?: number }[] = [];
    let dueKobo = totalKobo;
    if (customerId && rnd() < 0.4) {
      const points = Math.min(await pointsOf(customerId), Math.floor(totalKobo / 200));
      const use = Math.floor(points / 100) * 100;
      if (use >= 100) {
        payments.push({ method: 'loyalty_points', amount: use, points: use });
        dueKobo -= use * 100;
      }
    }
    const r = rnd();
    const method =
      r < 0.52
        ? 'cash'
        : r < 0.8
          ? 'fixed_account'
          : r < 0.9
            ? 'card'
            : optionId && r < 0.97
              ? optionId
              : 'card';
    if (dueKobo > 0) {
      if (method === 'cash') {
        // Notes: often the exact amount, else the next ₦500 or ₦1,000 up (change given).
        const note = pick(rnd, [0, 50_000, 100_000], (n) => (n === 0 ? 5 : 3));
        const tendered = note ? Math.ceil(dueKobo / note) * note : dueKobo;
        payments.push({ method: 'cash', amount: tendered / 100 });
      } else if (dueKobo > 300_000 && rnd() < 0.12) {
        // Part cash, the rest by transfer.
        const cash = Math.floor(dueKobo / 200_000) * 100_000;
        payments.push({ method: 'cash', amount: cash / 100 }, { method, amount: (dueKobo - cash) / 100 });
      } else payments.push({ method, amount: dueKobo / 100 });
    }

    for (const c of chosen) addLevel(store, c.item.key, -c.quantity);
    const id = randomUUID();
    return {
      record: {
        _id: id,
        store_id: storeIds[store],
        customer_id: customerId,
        items: [
          ...chosen.map((c) => ({
            _id: c.item.productId,
            variety_id: c.item.varietyId,
            quantity: c.quantity,
            ...(c.giftWrap && giftBag ? { modifiers: [{ _id: giftBag.id }] } : {}),
          })),
          ...(withDelivery ? [{ _id: delivery.id, quantity: 1 }] : []),
        ],
        ...(discountNaira ? { discount_type: 'amount', discount: discountNaira } : {}),
        payments,
        offline_date: new Date(when).toISOString(),
        // Made at the counter while online: the upload only carries the time it was made.
        is_offline_data: false,
      },
      sold: {
        id,
        store,
        at: when,
        customer: customerId !== null,
        paidWith: payments.at(-1)?.method ?? 'loyalty_points',
        // A sale paid partly with points is not brought back in this demo.
        refundable: !payments.some((p) => p.method === 'loyalty_points'),
        lines: [],
      } as SoldSale,
    };
  };

  /** Uploads a store's day of sales (each dated by `offline_date`: its `sold_at`). */
  const upload = async (store: StoreKey, records: unknown[]) => {
    const { results } = await staff[store]<{ results: { outcome: string; data?: UploadedSale }[] }>(
      'POST',
      `/v2/business/${b}/sales/offline/sync`,
      { sales: records },
    );
    const refused = results.find((r) => r.outcome !== 'accepted');
    if (refused) throw new Error(`demo history: a sale was not accepted: ${JSON.stringify(refused)}`);
    return results.map((r) => r.data!);
  };

  /**
   * The rows of every sale, written "now", take the time the sale was made. The cash of each sale
   * is already in its register at that time (the session open when it was made).
   */
  const redateSales = async () => {
    const recent = sql`t.business_id = ${b} AND t.created_at >= ${start}`;
    await sql`UPDATE sales t SET created_at = offline_date WHERE ${recent}`.execute(db);
    await sql`UPDATE sale_payments t SET created_at = s.offline_date FROM sales s
      WHERE ${recent} AND s.business_id = t.business_id AND s.id = t.sale_id`.execute(db);
    // Its transfer sales are older than the demo's transfers (seed/demo-money): taken as confirmed when
    // made, as migration 0025 takes payments made before the rail existed.
    await sql`UPDATE sale_payments t SET confirmed_at = s.offline_date FROM sales s
      WHERE ${recent} AND s.business_id = t.business_id AND s.id = t.sale_id
        AND t.method = 'fixed_account' AND t.confirmed_at IS NULL`.execute(db);
    await sql`UPDATE stock_movements t SET created_at = s.offline_date FROM sales s
      WHERE ${recent} AND t.reason = 'sale' AND s.business_id = t.business_id AND s.id::text = t.reference_id::text`.execute(
      db,
    );
    for (const table of ['points_ledger', 'store_credit_ledger'])
      await sql`UPDATE ${sql.table(table)} t SET created_at = s.offline_date FROM sales s
        WHERE ${recent} AND s.business_id = t.business_id AND s.id::text = t.reference::text`.execute(db);
  };

  const refund = async (store: StoreKey, sale: SoldSale, when: number) => {
    const line = sale.lines[int(rnd, 0, sale.lines.length - 1)]!;
    const quantity = line.quantity > 1 && rnd() < 0.6 ? 1 : line.quantity;
    const to = sale.customer && rnd() < 0.7 ? 'store_credit' : sale.paidWith === 'cash' ? 'cash' : 'original';
    await staff[store]('POST', `/v1/sales/${sale.id}/refunds`, {
      lines: [{ line_id: line._id, quantity }],
      to,
      reason: REFUND_REASONS[int(rnd, 0, REFUND_REASONS.length - 1)],
    });
    await redateRecent(when, DATED.refund);
    if (line.key) addLevel(store, line.key, quantity);
  };

  /** Cash the open session of the store's register expects: the sum of its rows (read, not written). */
  const expectedNaira = async (store: StoreKey) => {
    const row = await sql<{ kobo: string }>`SELECT coalesce(sum(m.amount_kobo), 0) AS kobo
      FROM register_movements m JOIN register_sessions s ON s.business_id = m.business_id AND s.id = m.session_id
      WHERE s.business_id = ${b} AND s.register_id = ${registers[store]} AND s.status = 'open'`.execute(db);
    return Number(row.rows[0]!.kobo) / 100;
  };
  const openRegister = async (store: StoreKey, when: number) => {
    await staff[store]('PUT', `/v1/registries/${registers[store]}/open`, {
      float: store === 'lekki' ? 10_000 : 5_000,
    });
    // Opened "now": the session and its float row take the morning's time.
    await sql`WITH opened AS (UPDATE register_sessions SET opened_at = ${new Date(when)}
        WHERE business_id = ${b} AND register_id = ${registers[store]} AND status = 'open' RETURNING id)
      UPDATE register_movements SET created_at = ${new Date(when)}
      WHERE business_id = ${b} AND session_id IN (SELECT id FROM opened)`.execute(db);
  };
  const closeRegister = async (store: StoreKey, when: number) => {
    const expected = await expectedNaira(store);
    const r = rnd();
    const difference =
      r < 0.62 ? 0 : pick(rnd, [-500, -200, -100, -50, 50, 100, 200], (d) => (d === -500 ? 1 : 2));
    const closed = await staff[store]<{ session: { id: string } }>(
      'PUT',
      `/v1/registries/${registers[store]}/close`,
      {
        counted_cash: expected + difference,
        ...(difference ? { note: (difference < 0 ? SHORT_NOTES : OVER_NOTES)[int(rnd, 0, 1)] } : {}),
      },
    );
    await sql`UPDATE register_sessions SET closed_at = ${new Date(when)}
      WHERE business_id = ${b} AND id = ${closed.session.id}`.execute(db);
  };

  const sold: SoldSale[] = [];
  let refunds = 0;
  let closedSessions = 0;
  let totalKobo = 0;
  const COUNT_DAY = Math.min(12, DAYS - 1);
  const TRANSFER_DAY = Math.min(26, DAYS - 1);

  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
    const midnight = lagosMidnight(start, daysAgo);
    const weekday = weekdayOf(midnight);
    const today = daysAgo === 0;
    // Today's sales are before now (however early "now" is), in the order planned.
    const latest = now - 2 * MINUTE;

    // Before opening: deliveries on the first day and on Mondays, one transfer, one count.
    if (!today && (daysAgo === DAYS - 1 || weekday === 1))
      for (const store of ['lekki', 'yaba'] as const) await restock(store, at(midnight, 7, 40));
    if (daysAgo === TRANSFER_DAY && DAYS > 1) await transfer(midnight);
    if (daysAgo === COUNT_DAY && DAYS > 1) await count('lekki', midnight);

    for (const store of ['lekki', 'yaba'] as const) {
      const expected = BASE_SALES[store] * WEEKDAY_FACTOR[weekday]!;
      // Today always has a few sales, so the dashboard's "today" and an open register show something.
      const n = Math.max(today ? 3 : 0, Math.round(expected * (0.6 + 0.8 * rnd())));
      let times = Array.from({ length: n }, () => {
        const [hour] = pick(rnd, HOUR_WEIGHTS, ([, w]) => w);
        return at(midnight, hour, hour === 9 ? int(rnd, 30, 59) : int(rnd, 0, 59)) + int(rnd, 0, 59) * 1000;
      }).sort((x, y) => x - y);
      if (today) times = times.map((t, i) => Math.min(t, latest - (n - i) * 90_000));
      if (!n) continue;
      const opensAt = Math.min(at(midnight, 8, 30 + int(rnd, 0, 40)), times[0]! - 10 * MINUTE);
      await openRegister(store, opensAt);

      const planned = [];
      for (const t of times) planned.push(await makeSale(store, t));
      const answers = await upload(
        store,
        planned.map((p) => p.record),
      );
      for (const [index, p] of planned.entries()) {
        const data = answers[index]!;
        totalKobo += Math.round(data.total * 100);
        p.sold.lines = data.items.map((l) => {
          const key = l.variety_id ?? l.product_id;
          return {
            _id: l._id,
            quantity: l.quantity,
            key: items.some((i) => i.key === key && i.tracks) ? key : null,
          };
        });
        sold.push(p.sold);
      }
      let last = times.at(-1)!;

      // Saturday's takings are big: part goes to the bank in the afternoon.
      if (!today && weekday === 6) {
        const cash = await expectedNaira(store);
        if (cash > 30_000) {
          await staff[store]('PUT', `/v1/registries/${registers[store]}/cash/remove`, {
            amount: 20_000,
            reason: 'Bank deposit',
          });
          await redateRecent(Math.max(at(midnight, 15, 30), last + MINUTE), DATED.cash);
          last = Math.max(at(midnight, 15, 30), last + MINUTE);
        }
      }

      // Now and then a customer brings something back from the last few days.
      if (!today && rnd() < 0.13) {
        const since = midnight - 3 * 24 * 60 * MINUTE;
        const candidates = sold.filter(
          (s) => s.store === store && s.at >= since && s.refundable && s.lines.some((l) => l.key),
        );
        if (candidates.length) {
          // A regular customer is the likelier to bring something back (and take store credit).
          const regulars = candidates.filter((c) => c.customer);
          const from = regulars.length && rnd() < 0.5 ? regulars : candidates;
          const sale = from[int(rnd, 0, from.length - 1)]!;
          sale.lines = sale.lines.filter((l) => l.key);
          last += int(rnd, 5, 25) * MINUTE;
          await refund(store, sale, last);
          sale.refundable = false; // one refund per sale is enough for a demo
          refunds++;
        }
      }

      // Closed in the evening with the cash counted (a small difference now and then); today's
      // registers stay open with today's cash in them.
      if (!today) {
        await closeRegister(store, Math.max(at(midnight, 19, 50 + int(rnd, 0, 9)), last + 5 * MINUTE));
        closedSessions++;
      }
    }
  }

  await redateSales();

  return {
    days: DAYS,
    sales: sold.length,
    refunds,
    customers: customerIds.size,
    registerSessionsClosed: closedSessions,
    totalNaira: totalKobo / 100,
  };
};
