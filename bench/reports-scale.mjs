// Reports and dashboard at scale (issue 13): one business with ~1,000,000 sale lines over the last
// 365 days (3 lines a sale, a few stores, a few hundred products, some refunds and offline sales),
// filled set-based in SQL shaped as the API writes them (flows/record-sale.ts, sales.writes.ts).
// Then, per figure, p50/p95 over REPEAT requests through the real HTTP endpoint, next to the p95 of
// the raw SQL aggregate of the same figure measured in the same run: ratio = endpoint p95 / SQL p95.
// Each figure is called at least REPEAT times, a fast one for at least BENCH_MIN_MS (3 s, at most 300 calls).
// Target: endpoint p95 <= 300 ms and ratio <= 1.5.
// Needs a build (npm run build -w apps/server). Usage: node bench/reports-scale.mjs [lines] [repeat]
import pg from 'pg';
import { login, startServer } from './lib.mjs';

const LINES = Number(process.argv[2] ?? process.env.BENCH_LINES ?? 1_000_000);
const REPEAT = Number(process.argv[3] ?? process.env.BENCH_REPEAT ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 3670);
const MIN_MS = Number(process.env.BENCH_MIN_MS ?? 3_000);
const MAX_REPEAT = Math.max(REPEAT, 300);
const LIMIT_MS = 300;
const LIMIT_RATIO = 1.5;

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;

/** Fills the business with sales of 3 lines each, as record-sale writes them. */
const fill = async (db, businessId, lines) => {
  const sales = Math.ceil(lines / 3);
  const t0 = process.hrtime.bigint();
  await db.query('BEGIN');
  // A few hundred products: the demo's simple products, copied under new ids, names and SKUs.
  await db.query(
    `INSERT INTO products
    SELECT (jsonb_populate_record(p, jsonb_build_object('id', md5('product' || p.id || g)::uuid,
      'name', p.name || ' ' || g, 'sku', 'BENCH-' || g || '-' || p.id, 'barcode', null,
      'selling_price', p.selling_price + g * 50, 'cost_price', coalesce(p.cost_price, 0) + g * 30))).*
    FROM products p CROSS JOIN generate_series(1, 300 / greatest(1, (SELECT count(*) FROM products
      WHERE business_id = $1 AND deleted_at IS NULL AND product_type = 'simple'))::int) g
    WHERE p.business_id = $1 AND p.deleted_at IS NULL AND p.product_type = 'simple'`,
    [businessId],
  );
  await db.query(
    `CREATE TEMP TABLE bp ON COMMIT DROP AS
    SELECT row_number() OVER (ORDER BY id) - 1 AS k, id, name, selling_price, cost_price, track_stock
    FROM products WHERE business_id = $1 AND deleted_at IS NULL AND product_type = 'simple'
    ORDER BY id LIMIT 300`,
    [businessId],
  );
  await db.query(
    `CREATE TEMP TABLE bs ON COMMIT DROP AS
    SELECT row_number() OVER (ORDER BY s.id) - 1 AS k, s.id,
      (SELECT r.id FROM registers r WHERE r.business_id = s.business_id AND r.store_id = s.id LIMIT 1) AS register_id
    FROM stores s WHERE s.business_id = $1 AND s.deleted_at IS NULL`,
    [businessId],
  );
  await db.query(
    `CREATE TEMP TABLE bu ON COMMIT DROP AS
    SELECT row_number() OVER (ORDER BY id) - 1 AS k, id FROM users WHERE business_id = $1`,
    [businessId],
  );
  await db.query(
    `CREATE TEMP TABLE bc ON COMMIT DROP AS
    SELECT row_number() OVER (ORDER BY id) - 1 AS k, id FROM customers WHERE business_id = $1 AND deleted_at IS NULL`,
    [businessId],
  );
  const counts = (
    await db.query(`SELECT (SELECT count(*) FROM bp) p, (SELECT count(*) FROM bs) s,
    (SELECT count(*) FROM bu) u, (SELECT count(*) FROM bc) c`)
  ).rows[0];
  // One row per line: sale i, position 0..2; every 40th sale has its first line refunded.
  await db.query(
    `CREATE TEMP TABLE bl ON COMMIT DROP AS
    SELECT i, pos, md5('sale' || i)::uuid AS sale_id, md5('line' || i || '-' || pos)::uuid AS id,
      p.id AS product_id, p.name, 1 + (i + pos) % 3 AS quantity, p.selling_price AS price,
      coalesce(p.cost_price, 0) AS cost, p.track_stock,
      (pos = 0 AND i % 40 = 0) AS refunded
    FROM generate_series(0, $1::bigint - 1) i CROSS JOIN generate_series(0, 2) pos
    JOIN bp p ON p.k = (i * 7 + pos * 101) % $2`,
    [sales, Number(counts.p)],
  );
  // Times: spread over the last 365 days, more in the day than at night; 1 in 10 made offline.
  await db.query(`CREATE TEMP TABLE bsale ON COMMIT DROP AS
    SELECT i, sale_id,
      date_trunc('day', now() AT TIME ZONE 'Africa/Lagos') AT TIME ZONE 'Africa/Lagos'
        - make_interval(days => ((i * 7919) % 365)::int)
        + make_interval(hours => (8 + i % 12)::int, mins => (i % 60)::int) AS at,
      sum(quantity * price) AS total, sum(quantity * price) FILTER (WHERE refunded) AS refund,
      bool_or(refunded) AS refunded
    FROM bl GROUP BY i, sale_id`);
  // today's sales must not lie in the future
  await db.query(`UPDATE bsale SET at = least(at, now() - interval '1 minute')`);
  await db.query(
    `INSERT INTO sales (business_id, id, receipt_number, store_id, register_id, user_id, customer_id,
      status, subtotal_kobo, total_kobo, amount_paid_kobo, refunded_kobo, offline_date, is_offline_data,
      created_at, updated_at)
    SELECT $1, b.sale_id, 'BENCH-' || b.i, st.id, st.register_id, u.id,
      CASE WHEN b.i % 5 = 0 THEN c.id END,
      CASE WHEN b.refunded THEN 'partially_refunded' ELSE 'completed' END,
      b.total, b.total, b.total, coalesce(b.refund, 0),
      CASE WHEN b.i % 10 = 0 THEN b.at END, b.i % 10 = 0,
      CASE WHEN b.i % 10 = 0 THEN b.at + interval '2 hours' ELSE b.at END, b.at
    FROM bsale b JOIN bs st ON st.k = b.i % $2 JOIN bu u ON u.k = b.i % $3
    LEFT JOIN bc c ON c.k = b.i % greatest($4::int, 1)`,
    [businessId, Number(counts.s), Number(counts.u), Number(counts.c)],
  );
  await db.query(
    `INSERT INTO sale_lines (business_id, id, sale_id, position, product_id, name, quantity,
      unit_price_kobo, total_kobo, net_kobo, tracks_stock, refunded_quantity, refunded_kobo, unit_cost_kobo)
    SELECT $1, id, sale_id, pos, product_id, name, quantity, price, quantity * price, quantity * price,
      track_stock, CASE WHEN refunded THEN quantity ELSE 0 END, CASE WHEN refunded THEN quantity * price ELSE 0 END, cost
    FROM bl`,
    [businessId],
  );
  await db.query(
    `INSERT INTO sale_payments (business_id, id, sale_id, method, amount_kobo, user_id, created_at)
    SELECT $1, md5('pay' || b.i)::uuid, b.sale_id, 'cash', b.total, s.user_id, s.created_at
    FROM bsale b JOIN sales s ON s.business_id = $1 AND s.id = b.sale_id`,
    [businessId],
  );
  await db.query(
    `INSERT INTO refunds (business_id, id, sale_id, store_id, user_id, amount_kobo, destination, payouts, created_at)
    SELECT $1, md5('refund' || b.i)::uuid, b.sale_id, s.store_id, s.user_id, b.refund, 'cash',
      jsonb_build_array(jsonb_build_object('method', 'cash', 'amount_kobo', b.refund)),
      least(s.created_at + interval '1 day', now())
    FROM bsale b JOIN sales s ON s.business_id = $1 AND s.id = b.sale_id WHERE b.refunded`,
    [businessId],
  );
  await db.query(
    `INSERT INTO refund_lines (business_id, id, refund_id, sale_line_id, quantity, amount_kobo, cost_kobo)
    SELECT $1, md5('refundline' || l.i)::uuid, md5('refund' || l.i)::uuid, l.id, l.quantity, l.quantity * l.price,
      l.quantity * l.cost
    FROM bl l WHERE l.refunded`,
    [businessId],
  );
  await db.query('COMMIT');
  const fillMs = ms(t0);
  const t1 = process.hrtime.bigint();
  // What autovacuum would have done by the time a year of sales is in.
  await db.query('VACUUM ANALYZE sales, sale_lines, sale_payments, refunds, refund_lines');
  return { sales, counts, fillMs, vacuumMs: ms(t1) };
};

const server = await startServer({ port: PORT, postgres: true });
const db = new pg.Client({ connectionString: server.databaseUrl });
await db.connect();
try {
  const session = await login(server.url, 'admin@demo.ng', 'Demo@1234');
  const businessId =
    session.business?._id ??
    session.user?.business_id ??
    (await db.query("SELECT id FROM businesses WHERE name = 'Mama Nkechi Provisions'")).rows[0].id;
  const f = await fill(db, businessId, LINES);
  const n = (
    await db.query(
      'SELECT (SELECT count(*) FROM sale_lines WHERE business_id = $1) l, (SELECT count(*) FROM sales WHERE business_id = $1) s, (SELECT count(*) FROM refunds WHERE business_id = $1) r',
      [businessId],
    )
  ).rows[0];
  console.log(
    `filled ${n.l} sale lines, ${n.s} sales, ${n.r} refunds (${f.counts.s} stores, ${f.counts.p} products, ${f.counts.c} customers) in ${(f.fillMs / 1000).toFixed(1)} s + vacuum analyze ${(f.vacuumMs / 1000).toFixed(1)} s`,
  );

  const today = (await db.query(`SELECT to_char(now() AT TIME ZONE 'Africa/Lagos', 'YYYY-MM-DD') d`)).rows[0]
    .d;
  const shift = (day, days) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const week = shift(today, -weekday);
  const month = `${today.slice(0, 8)}01`;
  const year = shift(today, -364);
  const headers = { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };
  const b = businessId;

  // The raw SQL aggregate of each figure: the same numbers, as one would write them by hand.
  const from = (day) => `('${day}'::date)::timestamp AT TIME ZONE 'Africa/Lagos'`;
  const to = (day) => `('${day}'::date + 1)::timestamp AT TIME ZONE 'Africa/Lagos'`;
  const salesFig = (
    s,
    e,
  ) => `SELECT sum(total_kobo), count(*), (SELECT sum(l.quantity) FROM sale_lines l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
      WHERE l.business_id = '${b}' AND s.deleted_at IS NULL AND s.sold_at >= ${from(s)} AND s.sold_at < ${to(e)}),
      (SELECT sum(amount_kobo) FROM refunds WHERE business_id = '${b}' AND created_at >= ${from(s)} AND created_at < ${to(e)})
    FROM sales WHERE business_id = '${b}' AND deleted_at IS NULL AND sold_at >= ${from(s)} AND sold_at < ${to(e)}`;
  const byProduct = (
    s,
    e,
  ) => `SELECT l.product_id, l.variety_id, sum(l.quantity), sum(l.refunded_quantity), sum(l.net_kobo), sum(l.refunded_kobo),
      sum((l.quantity - l.refunded_quantity)::bigint * l.unit_cost_kobo)
    FROM sale_lines l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id
    WHERE s.business_id = '${b}' AND s.deleted_at IS NULL AND s.sold_at >= ${from(s)} AND s.sold_at < ${to(e)}
    GROUP BY 1, 2`;
  const history = (s, e) => `SELECT count(*), sum(total_kobo), sum(amount_paid_kobo), sum(refunded_kobo),
      (SELECT json_agg(x) FROM (SELECT p.method, sum(p.amount_kobo) FROM sale_payments p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
        WHERE s.business_id = '${b}' AND s.deleted_at IS NULL AND s.sold_at >= ${from(s)} AND s.sold_at < ${to(e)} GROUP BY 1) x)
    FROM sales WHERE business_id = '${b}' AND deleted_at IS NULL AND sold_at >= ${from(s)} AND sold_at < ${to(e)}`;

  const v2 = (s, e) => `/v2/dashboard/gettransactionanalytics/${b}?startdate=${s}&enddate=${e}`;
  const cases = [
    ['dashboard today (v2 analytics)', 'GET', v2(today, today), salesFig(today, today)],
    ['dashboard this week (v2 analytics)', 'GET', v2(week, today), salesFig(week, today)],
    ['dashboard this month (v2 analytics)', 'GET', v2(month, today), salesFig(month, today)],
    ['dashboard the year (v2 analytics)', 'GET', v2(year, today), salesFig(year, today)],
    [
      'dashboard today+week+month (v1 analytics)',
      'GET',
      `/v1/dashboard/gettransactionanalytics/${b}`,
      `${salesFig(today, today)} UNION ALL ${salesFig(week, today)} UNION ALL ${salesFig(month, today)}`,
    ],
    [
      'dashboard sales revenue, the year + previous',
      'GET',
      `/v1/dashboard/sales/revenue/${b}/${year}/${today}/all`,
      `${salesFig(year, today)} UNION ALL ${salesFig(shift(year, -365), shift(year, -1))}`,
    ],
    [
      'dashboard graph, 90 days',
      'GET',
      `/v1/dashboard/getgraphnalytics/${b}?number_of_days=90`,
      `SELECT (sold_at AT TIME ZONE 'Africa/Lagos')::date, count(*), sum(total_kobo) FROM sales WHERE business_id = '${b}' AND deleted_at IS NULL AND sold_at >= ${from(shift(today, -89))} AND sold_at < ${to(today)} GROUP BY 1`,
    ],
    [
      'dashboard inventory revenue, the month',
      'GET',
      `/v1/dashboard/inventory/revenue/${b}/${month}/${today}/all`,
      `SELECT sum(l.quantity - l.refunded_quantity), sum((l.quantity - l.refunded_quantity) * l.unit_cost_kobo) FROM sale_lines l JOIN sales s ON s.business_id = l.business_id AND s.id = l.sale_id WHERE s.business_id = '${b}' AND s.deleted_at IS NULL AND s.sold_at >= ${from(month)} AND s.sold_at < ${to(today)}`,
    ],
    [
      'dashboard customers, the month',
      'GET',
      `/v1/dashboard/customer/${b}/${month}/${today}/all`,
      `SELECT count(DISTINCT customer_id), sum(total_kobo) FILTER (WHERE customer_id IS NOT NULL), sum(total_kobo) FILTER (WHERE customer_id IS NULL) FROM sales WHERE business_id = '${b}' AND deleted_at IS NULL AND sold_at >= ${from(month)} AND sold_at < ${to(today)}`,
    ],
    [
      'report sales by product, the month',
      'POST',
      `/v1/businesses/${b}/reports/getsalesbyproduct?startdate=${month}&enddate=${today}`,
      byProduct(month, today),
    ],
    [
      'report sales by product, the year',
      'POST',
      `/v1/businesses/${b}/reports/getsalesbyproduct?startdate=${year}&enddate=${today}`,
      byProduct(year, today),
    ],
    [
      'report sales by employee, the year',
      'GET',
      `/v1/businesses/${b}/reports/salesbyemployee?startdate=${year}&enddate=${today}`,
      `SELECT user_id, count(*), sum(total_kobo), sum(refunded_kobo) FROM sales WHERE business_id = '${b}' AND deleted_at IS NULL AND sold_at >= ${from(year)} AND sold_at < ${to(today)} GROUP BY 1`,
    ],
    [
      'report sales by customer, the year',
      'POST',
      `/v1/customers/reports/salesbycustomer/business/${b}?startdate=${year}&enddate=${today}`,
      `SELECT customer_id, count(*), sum(total_kobo), sum(refunded_kobo), max(sold_at) FROM sales WHERE business_id = '${b}' AND deleted_at IS NULL AND customer_id IS NOT NULL AND sold_at >= ${from(year)} AND sold_at < ${to(today)} GROUP BY 1`,
    ],
    [
      'sales history summary, the month',
      'GET',
      `/v2/business/${b}/sales?from=${month}&to=${today}`,
      history(month, today),
    ],
    [
      'sales history summary, the year',
      'GET',
      `/v2/business/${b}/sales?from=${year}&to=${today}`,
      history(year, today),
    ],
  ];

  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  let failed = 0;
  for (const [label, method, path, rawSql] of cases) {
    if (only && !only.test(label)) continue;
    const call = async () => {
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers,
        body: method === 'POST' ? '{}' : undefined,
      });
      const body = await res.text();
      if (!res.ok) throw new Error(`${label}: HTTP ${res.status} ${body.slice(0, 200)}`);
    };
    // The first call also sums the kept days the figure needs and no figure before it did (decision 0008).
    let t0 = process.hrtime.bigint();
    await call();
    const first = ms(t0);
    await db.query(rawSql);
    const api = [];
    const raw = [];
    // Interleaved, so a burst of load elsewhere on the machine hits both alike. At least REPEAT pairs,
    // and more for a fast figure until MIN_MS have passed (at most MAX_REPEAT): the p95 of 30 samples
    // is their second slowest, which one hiccup of a shared machine moves by half.
    const until = Date.now() + MIN_MS;
    for (let i = 0; i < REPEAT || (Date.now() < until && i < MAX_REPEAT); i++) {
      let t = process.hrtime.bigint();
      await call();
      api.push(ms(t));
      t = process.hrtime.bigint();
      await db.query(rawSql);
      raw.push(ms(t));
    }
    const p95 = percentile(api, 95);
    const rawP95 = percentile(raw, 95);
    const ratio = p95 / rawP95;
    const pass = p95 <= LIMIT_MS && ratio <= LIMIT_RATIO;
    if (!pass) failed++;
    console.log(
      `${label}: first ${first.toFixed(0)} ms, ${api.length} calls, p50 ${percentile(api, 50).toFixed(0)} ms p95 ${p95.toFixed(0)} ms vs raw SQL p95 ${rawP95.toFixed(0)} ms: ratio ${ratio.toFixed(2)} (target <= ${LIMIT_MS} ms, ratio <= ${LIMIT_RATIO}) ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  console.log(`reports at ${n.l} sale lines: ${failed === 0 ? 'all PASS' : `${failed} FAIL`}`);
} finally {
  await db.end();
  await server.stop();
}
