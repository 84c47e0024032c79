import { accountBalances } from '../../src/modules/ledger/index.js';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { createDemo, DEMO } from '../../src/seed/demo.js';
import { createTestApp } from '../helper.js';

/** Figures of the seeded demo that two runs with the same seed must share. */
const figures = async (db: Database, b: string) => {
  const one = async <K extends string>(query: RawBuilder<Record<K, unknown>>) =>
    Object.fromEntries(
      Object.entries((await query.execute(db)).rows[0] ?? {}).map(([k, v]) => [k, Number(v)]),
    ) as Record<K, number>;
  return {
    sales: await one(sql<
      Record<'n' | 'total' | 'refunded' | 'paid' | 'with_customer', unknown>
    >`SELECT count(*) AS n, sum(total_kobo) AS total, sum(refunded_kobo) AS refunded,
      sum(amount_paid_kobo) AS paid, count(customer_id) AS with_customer FROM sales WHERE business_id = ${b}`),
    refunds: await one(
      sql<
        Record<'n' | 'total', unknown>
      >`SELECT count(*) AS n, sum(amount_kobo) AS total FROM refunds WHERE business_id = ${b}`,
    ),
    registers: await one(sql<
      Record<'closed' | 'open' | 'difference' | 'with_difference', unknown>
    >`SELECT count(*) FILTER (WHERE status = 'closed') AS closed,
      count(*) FILTER (WHERE status = 'open') AS open, sum(difference_kobo) AS difference,
      count(*) FILTER (WHERE difference_kobo <> 0) AS with_difference FROM register_sessions WHERE business_id = ${b}`),
    loyalty: await one(sql<
      Record<'points' | 'credit', unknown>
    >`SELECT sum(points) AS points, sum(store_credit_kobo) AS credit
      FROM loyalty_balances WHERE business_id = ${b}`),
    stock: await one(
      sql<
        Record<'units' | 'items', unknown>
      >`SELECT sum(quantity) AS units, count(*) AS items FROM stock_levels WHERE business_id = ${b}`,
    ),
    customers: await one(
      sql<Record<'n', unknown>>`SELECT count(*) AS n FROM customers WHERE business_id = ${b}`,
    ),
  };
};

const seedOnce = async () => {
  const t = await createTestApp();
  const started = performance.now();
  const made = await createDemo(t.db, { history: { app: t.app } });
  const ms = Math.round(performance.now() - started);
  if (!made?.history) throw new Error('the demo was not made');
  return { t, ms, businessId: made.businessId, history: made.history, money: made.money, shop: made.shop! };
};

let first: Awaited<ReturnType<typeof seedOnce>>;
beforeAll(async () => {
  first = await seedOnce();
}, 300_000);
afterAll(async () => first?.t.close());

describe('the demo history (about 60 days of trading made through the API)', () => {
  it('has a fixed account per store, a bank account, a week of transfers received and a payout, in the ledger', async () => {
    const { t, businessId: b } = first;
    expect(first.money).toMatchObject({ fixedAccounts: 2 });
    const accounts = await t.db
      .selectFrom('fixed_accounts')
      .select('store_id')
      .where('business_id', '=', b)
      .execute();
    expect(new Set(accounts.map((a) => a.store_id)).size).toBe(2);
    const bank = await t.db
      .selectFrom('bank_accounts')
      .select('account_name')
      .where('business_id', '=', b)
      .execute();
    expect(bank).toHaveLength(1);
    const days = await sql<{ days: string; n: string; amount: string; fee: string }>`
      SELECT count(DISTINCT (paid_at AT TIME ZONE 'Africa/Lagos')::date) AS days, count(*) AS n,
        sum(amount_kobo) AS amount, sum(fee_kobo) AS fee
      FROM bank_transactions WHERE business_id = ${b} AND fixed_account_id IS NOT NULL`.execute(t.db);
    const row = days.rows[0]!;
    // Besides the stores' transfers, one paid an invoice (to its own account): still owed too.
    const all = await sql<{ amount: string; fee: string }>`
      SELECT sum(amount_kobo) AS amount, sum(fee_kobo) AS fee FROM bank_transactions WHERE business_id = ${b}`.execute(
      t.db,
    );
    expect(Number(row.n)).toBe(first.money!.transfers);
    expect(Number(row.days)).toBeGreaterThanOrEqual(6);
    expect(Number(row.n)).toBeGreaterThanOrEqual(7);
    // What came before today was paid out; today's transfers are still owed.
    expect(first.money).toMatchObject({ payouts: 1 });
    const payout = await t.db
      .selectFrom('payouts')
      .select(['amount_kobo', 'transactions_count'])
      .where('business_id', '=', b)
      .executeTakeFirstOrThrow();
    const unpaid = await sql<{ n: string; net: string }>`
      SELECT count(*) AS n, COALESCE(sum(amount_kobo - fee_kobo), 0) AS net
      FROM bank_transactions WHERE business_id = ${b} AND payout_id IS NULL`.execute(t.db);
    // Today's: a store's transfer, the invoice's deposit and the online shop's two orders paid by transfer.
    expect(first.shop.transfers).toBe(2);
    expect(Number(unpaid.rows[0]!.n)).toBe(3 + first.shop.transfers);
    expect(payout.transactions_count).toBe(Number(row.n) - 2);
    expect(payout.amount_kobo + Number(unpaid.rows[0]!.net)).toBe(
      Number(all.rows[0]!.amount) - Number(all.rows[0]!.fee),
    );
    const collections = (await accountBalances(t.db, b)).find((a) => a.kind === 'collections' && !a.storeId)!;
    expect(collections.available).toBe(Number(unpaid.rows[0]!.net));
  });

  it('has invoices in every state a merchant meets, one paid in part by a transfer to its own account', async () => {
    const { t, businessId: b } = first;
    const rows = await t.db
      .selectFrom('invoices')
      .select(['number', 'status', 'paid_kobo', 'balance_kobo'])
      .where('business_id', '=', b)
      .orderBy('number')
      .execute();
    expect(rows.map((r) => r.status).sort()).toEqual([
      'cancelled',
      'draft',
      'overdue',
      'paid',
      'partially_paid',
    ]);
    expect(rows.map((r) => r.number)).toEqual(['INV-0001', 'INV-0002', 'INV-0003', 'INV-0004', 'INV-0005']);
    const part = rows.find((r) => r.status === 'partially_paid')!;
    expect(part).toMatchObject({ paid_kobo: 44_720_000, balance_kobo: 44_720_000 });
    const rail = await t.db
      .selectFrom('invoice_payments')
      .select(['payer_name', 'bank_transaction_id'])
      .where('business_id', '=', b)
      .where('source', '=', 'rail')
      .execute();
    expect(rail).toHaveLength(1);
    expect(rail[0]!.payer_name).toBe('FEMI ADEOLA CATERING');
  });

  it('has an open online store with published products and orders in several states', async () => {
    const { t, businessId: b } = first;
    const shop = await t.request({ method: 'GET', url: '/v1/shop/demo-shop' });
    expect(shop.statusCode).toBe(200);
    const data = shop.json().data as { products: unknown[]; delivery_zones: unknown[] };
    expect(data.products).toHaveLength(first.shop.published);
    expect(first.shop.published).toBeGreaterThanOrEqual(6);
    expect(data.delivery_zones).toHaveLength(3);
    const orders = await t.db
      .selectFrom('orders')
      .select(['number', 'status', 'stock_state', 'paid_kobo', 'total_kobo', 'sale_id'])
      .where('business_id', '=', b)
      .orderBy('number')
      .execute();
    expect(orders.map((o) => o.status)).toEqual(['delivered', 'confirmed', 'pending', 'pending']);
    expect(orders[0]).toMatchObject({ stock_state: 'gone' });
    expect(orders[0]!.sale_id).not.toBeNull();
    expect(orders[1]!.paid_kobo).toBe(orders[1]!.total_kobo);
    expect(orders.slice(1).map((o) => o.stock_state)).toEqual(['held', 'held', 'held']);
  });

  it('is made in a bounded time (the real figure is printed)', () => {
    console.log(
      `demo seeded in ${first.ms} ms on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}:`,
      JSON.stringify(first.history),
    );
    // A loose bound for shared CI machines: the seed competes with the other test files for the
    // cores (6-10 s alone, up to 60 s seen on a 2-core machine running five other jobs). The log
    // line above gives the real time.
    expect(first.ms).toBeLessThan(120_000);
  });

  it('trades on at least 50 of the last 60 days in both stores, at plausible hours', async () => {
    const { t, businessId: b } = first;
    const days = await sql<{ store_id: string; days: string; sales: string }>`
      SELECT store_id, count(DISTINCT (sold_at AT TIME ZONE 'Africa/Lagos')::date) AS days, count(*) AS sales
      FROM sales WHERE business_id = ${b}
        AND (sold_at AT TIME ZONE 'Africa/Lagos')::date > (now() AT TIME ZONE 'Africa/Lagos')::date - 60
      GROUP BY store_id`.execute(t.db);
    expect(days.rows).toHaveLength(2);
    for (const row of days.rows) expect(Number(row.days)).toBeGreaterThanOrEqual(50);
    const total = days.rows.reduce((a, r) => a + Number(r.sales), 0);
    expect(total).toBeGreaterThanOrEqual(200);
    // The counter's sales, and the online order delivered (a sale when delivered).
    expect(total).toBe(first.history.sales + first.shop.sales);

    // Most sales between 10:00 and 19:00, none in the night (today's squeeze in before now), more on Saturdays.
    const hours = await sql<{ daytime: string; night: string; saturday: string; weekday: string }>`
      SELECT count(*) FILTER (WHERE extract(hour FROM sold_at AT TIME ZONE 'Africa/Lagos') BETWEEN 10 AND 18) AS daytime,
        count(*) FILTER (WHERE extract(hour FROM sold_at AT TIME ZONE 'Africa/Lagos') NOT BETWEEN 9 AND 19
          AND sold_at < now() - interval '1 day') AS night,
        count(*) FILTER (WHERE extract(dow FROM sold_at AT TIME ZONE 'Africa/Lagos') = 6) AS saturday,
        count(*) FILTER (WHERE extract(dow FROM sold_at AT TIME ZONE 'Africa/Lagos') = 3) AS weekday
      FROM sales WHERE business_id = ${b}`.execute(t.db);
    const h = hours.rows[0]!;
    expect(Number(h.daytime) / total).toBeGreaterThan(0.75);
    expect(Number(h.night)).toBe(0);
    expect(Number(h.saturday)).toBeGreaterThan(Number(h.weekday));

    // Baskets of 1 to 6 lines, paid in cash, by transfer and by card.
    const lines = await sql<{ min: number; max: number }>`
      SELECT min(n) AS min, max(n) AS max FROM (SELECT count(*) AS n FROM sale_lines
        WHERE business_id = ${b} AND product_id IN (SELECT id FROM products WHERE business_id = ${b} AND product_type <> 'service')
        GROUP BY sale_id) x`.execute(t.db);
    expect(Number(lines.rows[0]!.min)).toBe(1);
    expect(Number(lines.rows[0]!.max)).toBeLessThanOrEqual(6);
    const methods = await sql<{ method: string }>`
      SELECT DISTINCT method FROM sale_payments WHERE business_id = ${b}`.execute(t.db);
    expect(methods.rows.map((m) => m.method)).toEqual(
      expect.arrayContaining(['cash', 'fixed_account', 'card', 'loyalty_points']),
    );
  });

  it('has refunds, returning customers with points, a transfer, a count and registers closed with differences', async () => {
    const { t, businessId: b } = first;
    const f = await figures(t.db, b);
    expect(f.refunds.n).toBeGreaterThanOrEqual(5);
    expect(f.sales.refunded).toBe(f.refunds.total);
    // About one sale in ten names a customer, and most of those customers come back.
    expect(f.sales.with_customer / f.sales.n).toBeGreaterThan(0.05);
    expect(f.sales.with_customer / f.sales.n).toBeLessThan(0.2);
    const returning = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (SELECT s.customer_id FROM sales s
        JOIN loyalty_balances l ON l.business_id = s.business_id AND l.customer_id = s.customer_id
        WHERE s.business_id = ${b} AND l.points > 0 GROUP BY s.customer_id HAVING count(*) >= 2) x`.execute(
      t.db,
    );
    expect(Number(returning.rows[0]!.n)).toBeGreaterThanOrEqual(3);

    const transfers = await t.db
      .selectFrom('transfers')
      .select(['status', 'sent_at', 'received_at'])
      .where('business_id', '=', b)
      .execute();
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.status).toBe('received');
    const counts = await t.db
      .selectFrom('stock_counts')
      .select('status')
      .where('business_id', '=', b)
      .execute();
    expect(counts.map((c) => c.status)).toEqual(['completed']);
    const variance = await t.db
      .selectFrom('stock_movements')
      .select('quantity')
      .where('business_id', '=', b)
      .where('reason', '=', 'count')
      .execute();
    expect(variance.length).toBeGreaterThan(0);
    expect(variance.every((v) => Math.abs(Number(v.quantity)) <= 5)).toBe(true);

    expect(f.registers.closed).toBeGreaterThanOrEqual(100);
    expect(f.registers.with_difference).toBeGreaterThanOrEqual(10);
    // Today's cash is still in the two open registers.
    expect(f.registers.open).toBe(2);

    // Nothing is dated in the future, and every register session closed after it opened.
    const late = await sql<{ n: string }>`SELECT
      (SELECT count(*) FROM sales WHERE business_id = ${b} AND (created_at > now() OR sold_at > now()))
      + (SELECT count(*) FROM register_sessions WHERE business_id = ${b} AND (closed_at <= opened_at OR opened_at > now()))
      + (SELECT count(*) FROM stock_movements WHERE business_id = ${b} AND created_at > now()) AS n`.execute(
      t.db,
    );
    expect(Number(late.rows[0]!.n)).toBe(0);
  });

  it('keeps every ledger invariant: stock, register cash and loyalty', async () => {
    const { t, businessId: b } = first;
    const stock = await sql<{ n: string }>`
      SELECT count(*) AS n FROM stock_levels l
      WHERE l.business_id = ${b} AND l.quantity <> (SELECT coalesce(sum(m.quantity), 0) FROM stock_movements m
        WHERE m.business_id = l.business_id AND m.store_id = l.store_id AND m.item_id = l.item_id)`.execute(
      t.db,
    );
    expect(Number(stock.rows[0]!.n)).toBe(0);
    const negative = await sql<{ n: string }>`
      SELECT count(*) AS n FROM stock_levels WHERE business_id = ${b} AND quantity < 0`.execute(t.db);
    expect(Number(negative.rows[0]!.n)).toBe(0);
    // The stock log reads in order: each movement's balance follows the one before it.
    const order = await sql<{ n: string }>`
      SELECT count(*) AS n FROM (SELECT quantity, balance_after,
        lag(balance_after) OVER (PARTITION BY store_id, item_id ORDER BY created_at, id) AS before
        FROM stock_movements WHERE business_id = ${b}) x
      WHERE before IS NOT NULL AND balance_after <> before + quantity`.execute(t.db);
    expect(Number(order.rows[0]!.n)).toBe(0);

    const registers = await sql<{ n: string }>`
      SELECT count(*) AS n FROM register_sessions s
      WHERE s.business_id = ${b} AND s.status = 'closed' AND (s.expected_kobo <> (SELECT coalesce(sum(m.amount_kobo), 0)
        FROM register_movements m WHERE m.business_id = s.business_id AND m.session_id = s.id)
        OR s.difference_kobo <> s.counted_kobo - s.expected_kobo)`.execute(t.db);
    expect(Number(registers.rows[0]!.n)).toBe(0);
    // Every cash movement is inside its session's opening hours.
    const outside = await sql<{ n: string }>`
      SELECT count(*) AS n FROM register_movements m JOIN register_sessions s
        ON s.business_id = m.business_id AND s.id = m.session_id
      WHERE m.business_id = ${b} AND (m.created_at < s.opened_at OR m.created_at > coalesce(s.closed_at, now()))`.execute(
      t.db,
    );
    expect(Number(outside.rows[0]!.n)).toBe(0);

    const loyalty = await sql<{ n: string }>`
      SELECT count(*) AS n FROM loyalty_balances l WHERE l.business_id = ${b}
        AND (l.points <> (SELECT coalesce(sum(p.points), 0) FROM points_ledger p
              WHERE p.business_id = l.business_id AND p.customer_id = l.customer_id)
          OR l.store_credit_kobo <> (SELECT coalesce(sum(c.amount_kobo), 0) FROM store_credit_ledger c
              WHERE c.business_id = l.business_id AND c.customer_id = l.customer_id))`.execute(t.db);
    expect(Number(loyalty.rows[0]!.n)).toBe(0);

    // Receipt numbers run from RC-000001 without a gap.
    const receipts = await sql<{ n: string; max: string }>`
      SELECT count(*) AS n, max(substring(receipt_number FROM 4)::int) AS max FROM sales WHERE business_id = ${b}`.execute(
      t.db,
    );
    expect(Number(receipts.rows[0]!.max)).toBe(Number(receipts.rows[0]!.n));
  });

  it('opens the dashboard and the registers with figures, as the demo admin', async () => {
    const { t, businessId: b } = first;
    const login = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      body: { email: DEMO.admin, password: DEMO.password },
    });
    const token = login.json().data.token as string;
    const list = await t.request({ method: 'GET', url: `/v2/business/${b}/sales?limit=1`, token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBe(first.history.sales + first.shop.sales);
    const registers = await t.request({ method: 'GET', url: `/v1/registries/businesses/${b}`, token });
    const open = (registers.json().data as { status: string; expected_cash: number | null }[]).filter(
      (r) => r.status === 'open',
    );
    expect(open).toHaveLength(2);
  });

  it('gives the same figures when seeded again with the same seed', async () => {
    const second = await seedOnce();
    try {
      expect(second.history).toEqual(first.history);
      expect(await figures(second.t.db, second.businessId)).toEqual(
        await figures(first.t.db, first.businessId),
      );
    } finally {
      await second.t.close();
    }
  }, 300_000);
});
