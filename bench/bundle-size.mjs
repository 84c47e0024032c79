// Gzip size of the JS and CSS the browser downloads to draw /login (its form) and the dashboard (its
// greeting and figure cards) on a cold cache, printed as a ratio against the budgets of issue 2/13 (JS: /login
// 120 kB, dashboard 150 kB). What loads after the screen is drawn (the offline engine, the chart,
// the sync icon) is printed apart as "later". The same figure from the build's chunk graph (what
// scripts/check-first-load.mjs checks in the test command) is printed beside it.
/* global document, window, MutationObserver */
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { firstLoad, readManifest, SCREENS } from '../scripts/first-load.mjs';
import { CHROMIUM_ARGS, login, quietPage, startServer } from './lib.mjs';

/**
 * Loads `url` in a fresh context. The first load is the JS and CSS whose request started (Resource
 * Timing, in the page) before the screen was drawn: `drawn` lists the CSS selectors that must all match, tested in the page at each frame.
 */
const measure = async (browser, url, drawn, prepare) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(() => performance.setResourceTimingBufferSize(5000));
  const page = await context.newPage();
  const gzByUrl = new Map();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    gzByUrl.set(response.url(), { type, gz: gzipSync(body, { level: 9 }).length });
  });
  if (prepare) await prepare(context);
  // The moment the screen's elements are all in the document, taken by a MutationObserver in the page
  // (a callback right after React's commit), not by polling each frame from here: the app starts
  // downloading what comes after (e.g. the router, on /login) a frame and an idle moment later, which
  // a poll's lag could count as first load.
  await context.addInitScript((selectors) => {
    const check = () => {
      if (!window.__drawnAt && selectors.every((sel) => document.querySelector(sel)))
        window.__drawnAt = performance.now();
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  }, drawn);
  await page.goto(url);
  const drawnAt = await (
    await page.waitForFunction(() => window.__drawnAt, undefined, { polling: 'raf', timeout: 120_000 })
  ).jsonValue();
  await quietPage(page);
  await page.waitForTimeout(2500); // what waits for afterFirstPaint (an idle moment, at most 2 s)
  await quietPage(page);
  const started = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => [e.name, e.startTime]),
  );
  await context.close();
  const sizes = { first: { js: 0, css: 0 }, later: { js: 0, css: 0 }, files: [] };
  for (const [name, startTime] of started) {
    const file = gzByUrl.get(name);
    if (!file) continue;
    gzByUrl.delete(name);
    const when = startTime < drawnAt ? 'first' : 'later';
    sizes[when][file.type === 'script' ? 'js' : 'css'] += file.gz;
    sizes.files.push(`${when} ${new URL(name).pathname} ${(file.gz / 1024).toFixed(1)} kB`);
  }
  return sizes;
};

const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 3290),
  postgres: Boolean(process.env.TEST_DATABASE_URL),
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  // Drawn: the login form's e-mail field; the dashboard's greeting and its figures' cards.
  const loginPage = await measure(browser, `${server.url}/login`, ['form input']);
  const session = await login(server.url, 'admin@demo.ng', 'Demo@1234');
  const dashboard = await measure(
    browser,
    `${server.url}/dashboard`,
    ['main h1', 'main [aria-label="Sales"]'],
    async (context) => {
      await context.addInitScript((data) => {
        localStorage.setItem('ms.deviceId', 'bench-device');
        const s = {
          token: data.token,
          tokenTimeStamp: Date.now(),
          user: data.user,
          business: data.business,
          secondaryToken: null,
        };
        localStorage.setItem('ms.session', JSON.stringify(s));
        localStorage.setItem(
          'ms.savedUsers',
          JSON.stringify({
            [data.user._id]: {
              token: s.token,
              userData: s.user,
              businessData: s.business,
              tokenTimeStamp: s.tokenTimeStamp,
              secondaryTokenData: null,
            },
          }),
        );
      }, session);
    },
  );
  const manifest = readManifest();
  for (const [name, s] of [
    ['/login', loginPage],
    ['dashboard', dashboard],
  ]) {
    const kb = (n) => (n / 1024).toFixed(1);
    const jsKb = s.first.js / 1024;
    const screen = SCREENS.find((x) => x.name === name);
    const target = screen.targetKb;
    const built = firstLoad(manifest, screen.modules);
    if (process.env.VERBOSE) for (const f of s.files) console.log(`   ${f}`);
    console.log(
      `${name} first load: JS ${kb(s.first.js)} kB gz, CSS ${kb(s.first.css)} kB gz (build's chunk graph: JS ${built.jsKb.toFixed(1)} kB); later ${kb(s.later.js)} kB JS`,
    );
    console.log(
      `${name} first-load JS ${jsKb.toFixed(1)} kB vs target ${target} kB: ratio ${(jsKb / target).toFixed(2)} (target <= 1.00) ${jsKb <= target ? 'PASS' : 'FAIL'}; test command's ceiling ${screen.budgetKb} kB`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
