/* global window, document, MutationObserver, indexedDB -- page.evaluate bodies run in the browser */
// Live changes between devices (issue 13), in Debian Chromium against the built server: two
// devices of the demo business on the till, the second with its grid narrowed to one product. The
// first device makes a change through the API with its own token — alternately a product edit (a
// new name) and a stock adjustment (the stock ledger) — and the time until the second device shows
// it is measured (a MutationObserver in that page; both pages share the machine's clock). The limit
// is the 2 s; before this change the second device showed it only at its next scheduled
// download (products every 80 s). `--without-stream` blocks the change stream on the second
// device to show that baseline (slow: up to 80 s a change).
// Needs a build (npm run build). Usage: node bench/live-changes.mjs [changes] [--pglite] [--without-stream]
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, login, startServer } from './lib.mjs';

const args = process.argv.slice(2);
const CHANGES = Number(args.find((a) => /^\d+$/.test(a)) ?? process.env.BENCH_LIVE_CHANGES ?? 40);
const PGLITE = args.includes('--pglite');
const WITHOUT_STREAM = args.includes('--without-stream');
const PORT = Number(process.env.BENCH_PORT ?? 3651);
const LIMIT_MS = 2_000;
const GIVE_UP_MS = WITHOUT_STREAM ? 120_000 : 20_000;
const DEVICE = `bench-live-${Date.now().toString(36)}`;
const NAME = 'BenchLive';

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

const server = await startServer({ port: PORT, postgres: !PGLITE });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const session = await login(server.url, 'admin@demo.ng', 'Demo@1234', DEVICE);
  const b = session.business._id;
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${session.token}`,
    deviceID: DEVICE,
  };
  const stores = session.business.stores.map((s) => s.id ?? s._id);
  const created = await (
    await fetch(`${server.url}/v2/business/${b}/products/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `${NAME} 0`,
        selling_price: 500,
        track_stock: true,
        store_stock: stores.map((store_id) => ({ store_id, stock: 1000 })),
      }),
    })
  ).json();
  if (!created.status) throw new Error(`product: ${created.message}`);
  const productId = created.data._id;

  /** A device: its own browser context and local database, the demo admin signed in, on the till. */
  const device = async (search) => {
    const context = await browser.newContext({ baseURL: server.url });
    await context.addInitScript((id) => localStorage.setItem('ms.deviceId', id), DEVICE);
    const page = await context.newPage();
    // The baseline: the watching device never gets the stream (blocked before its first request).
    if (search && WITHOUT_STREAM) await page.route('**/changes/stream', (route) => route.abort());
    // Measured on a till open a while: its first download of the products done (7-10 s after login).
    const synced = page.waitForResponse((r) => r.url().includes('/products/sync/list'), { timeout: 120_000 });
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('admin@demo.ng');
    await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
    const token = page.waitForRequest((r) => r.url().includes('/v') && !!r.headers().authorization);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/dashboard$/);
    const authorization = (await token).headers().authorization;
    await page.goto('/pos');
    if (search) {
      await page.getByRole('button', { name: `Add ${NAME} 0` }).waitFor({ timeout: 120_000 });
      await synced;
      await page.waitForTimeout(3_000);
    }
    return { page, authorization };
  };
  const maker = await device(null);
  const watcher = await device(NAME);
  if (process.env.BENCH_DEBUG)
    watcher.page.on('request', (r) => {
      if (/products|changes/.test(r.url())) console.log(Date.now() % 100000, r.method(), r.url().slice(-90));
    });

  const times = [];
  let stock = 1000;
  for (let i = 1; i <= CHANGES; i++) {
    const rename = i % 2 === 1;
    if (!rename) stock += 1;
    const marker = rename ? `${NAME} ${i}` : `${stock} in stock`;
    await watcher.page.evaluate((text) => {
      window.__liveSeen = 0;
      const seen = () => {
        if (!document.body.textContent.includes(text)) return false;
        window.__liveSeen = Date.now();
        observer.disconnect();
        return true;
      };
      const observer = new MutationObserver(seen);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      seen();
    }, marker);
    const requests = rename
      ? [{ method: 'PATCH', url: `/v1/businesses/${b}/products/${productId}`, body: { name: marker } }]
      : stores.map((store_id) => ({
          method: 'POST',
          url: `/v2/business/${b}/stocks/adjustments`,
          body: {
            store_id,
            type: 'add',
            reason: 'received',
            items: [{ product_id: productId, quantity: 1 }],
          },
        }));
    if (process.env.BENCH_DEBUG) console.log(Date.now() % 100000, 'change', i);
    const madeAt = await maker.page.evaluate(
      async ({ requests, authorization, device }) => {
        const at = Date.now();
        await Promise.all(
          requests.map(async (r) => {
            const res = await fetch(r.url, {
              method: r.method,
              headers: { 'content-type': 'application/json', authorization, deviceID: device },
              body: JSON.stringify(r.body),
            });
            if (!res.ok) throw new Error(`${r.method} ${r.url}: ${res.status} ${await res.text()}`);
          }),
        );
        return at;
      },
      { requests, authorization: maker.authorization, device: DEVICE },
    );
    let seenAt = 0;
    try {
      await watcher.page.waitForFunction(() => window.__liveSeen > 0, null, {
        timeout: GIVE_UP_MS,
        polling: 50,
      });
      seenAt = await watcher.page.evaluate(() => window.__liveSeen);
    } catch {
      if (process.env.BENCH_DEBUG)
        console.log(
          await watcher.page.evaluate(
            async ({ name, id }) =>
              new Promise((resolve) => {
                const open = indexedDB.open(name);
                open.onsuccess = () => {
                  const db = open.result;
                  const tx = db.transaction(['products', 'meta_data_products']);
                  const a = tx.objectStore('products').get(id);
                  const m = tx.objectStore('meta_data_products').getAll();
                  tx.oncomplete = () =>
                    resolve(
                      JSON.stringify({ name: a.result?.name, updated: a.result?.updated_at, meta: m.result }),
                    );
                };
              }),
            { name: `ms-${b}`, id: productId },
          ),
        );
      seenAt = madeAt + GIVE_UP_MS;
    }
    times.push(seenAt - madeAt);
    if (WITHOUT_STREAM || seenAt - madeAt > LIMIT_MS)
      console.log(`  change ${i} (${rename ? 'product edit' : 'stock'}): ${seenAt - madeAt} ms`);
    // Changes a little apart, as people make them (and each one measured on its own).
    await watcher.page.waitForTimeout(300);
  }
  const p95 = percentile(times, 95);
  const ratio = p95 / LIMIT_MS;
  console.log(
    `${CHANGES} changes (${Math.ceil(CHANGES / 2)} product edits, ${Math.floor(CHANGES / 2)} stock adjustments) on ${PGLITE ? 'PGlite' : 'PostgreSQL'}${WITHOUT_STREAM ? ', change stream blocked' : ''}: seen on the other device p50 ${percentile(times, 50)} ms, p95 ${p95} ms, max ${Math.max(...times)} ms`,
  );
  console.log(
    `live change p95 ${p95} ms vs limit ${LIMIT_MS} ms: ratio ${ratio.toFixed(2)} (target <= 1) ${ratio <= 1 ? 'PASS' : 'FAIL'}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
