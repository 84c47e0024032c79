// Lighthouse performance score of /login, the dashboard and the till (/pos; signed in), on Debian's
// Chromium with Lighthouse's defaults: a mid-range phone (mobile emulation, 4x slower CPU, slow 4G
// simulated), cold cache, no service worker. Target (issue 13): a score of at least 90 for /login and
// the dashboard; the till is held to the same mark.
// Needs `npm run build` first. RUNS=3 runs each page three times (default 1) and prints the median.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, login, startServer } from './lib.mjs';

const TARGET = 90;
const RUNS = Number(process.env.RUNS ?? 1);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// A page of the app's origin that is not the app: where the session is written before the
// dashboard run, without the app (and its service worker) loading.
const SEED_PATH = '/__bench-seed';

const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 3292),
  postgres: Boolean(process.env.TEST_DATABASE_URL),
});
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

/** Forgets everything of the app's origin (storage, service worker, caches) and the HTTP cache. */
const clearOrigin = async (page) => {
  const cdp = await page.createCDPSession();
  await cdp.send('Storage.clearDataForOrigin', { origin: server.url, storageTypes: 'all' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
};

/** Signs the demo owner in the way the app keeps a session (localStorage), on a fresh origin. */
const seedSession = async (session) => {
  const page = await browser.newPage();
  await clearOrigin(page);
  await page.setRequestInterception(true);
  page.on('request', (request) =>
    new URL(request.url()).pathname === SEED_PATH
      ? request.respond({ status: 200, contentType: 'text/html', body: '<!doctype html><title>seed</title>' })
      : request.continue(),
  );
  await page.goto(`${server.url}${SEED_PATH}`);
  await page.evaluate((s) => {
    const current = { token: s.token, tokenTimeStamp: Date.now(), user: s.user, business: s.business };
    localStorage.setItem('ms.deviceId', 'bench-device');
    localStorage.setItem('ms.session', JSON.stringify({ ...current, secondaryToken: null }));
    localStorage.setItem(
      'ms.savedUsers',
      JSON.stringify({
        [s.user._id]: {
          token: s.token,
          userData: s.user,
          businessData: s.business,
          tokenTimeStamp: current.tokenTimeStamp,
          secondaryTokenData: null,
        },
      }),
    );
  }, session);
  await page.close();
};

const audit = async (url, { keepStorage }) => {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The dashboard run keeps the session written by seedSession (its origin was cleared there).
    disableStorageReset: keepStorage,
    // LH_THROTTLING=devtools: the slow CPU and network applied in the browser while the page loads,
    // instead of Lighthouse's default (simulate: an unthrottled load, replayed by a model).
    ...(process.env.LH_THROTTLING ? { throttlingMethod: process.env.LH_THROTTLING } : {}),
  });
  const lhr = result.lhr;
  // LH_JSON=dir: the whole report of each run, to read (long tasks, LCP element, layout shifts).
  if (process.env.LH_JSON)
    writeFileSync(
      join(process.env.LH_JSON, `${new URL(url).pathname.slice(1)}-${Date.now()}.json`),
      result.report,
    );
  const ms = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    finalUrl: lhr.finalDisplayedUrl,
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    cls: ms('cumulative-layout-shift'),
    runtimeError: lhr.runtimeError?.message,
    // VERBOSE: where the main thread's time went, per script (Lighthouse's bootup-time audit).
    bootup: (lhr.audits['bootup-time']?.details?.items ?? [])
      .slice(0, 6)
      .map((i) => `${String(i.url).replace(server.url, '')} ${Math.round(i.total)} ms`),
  };
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const session = await login(server.url, 'admin@demo.ng', 'Demo@1234');
  const only = process.env.LH_PAGES?.split(',');
  for (const [name, path, keepStorage] of [
    ['/login', '/login', false],
    ['dashboard', '/dashboard', true],
    // Not an issue target, measured beside them: the till, where a cashier spends the day.
    ['pos', '/pos', true],
  ].filter(([name]) => !only || only.includes(name.replace('/', '')))) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      if (keepStorage) await seedSession(session);
      const r = await audit(`${server.url}${path}`, { keepStorage });
      if (r.runtimeError) throw new Error(`${name}: Lighthouse failed: ${r.runtimeError}`);
      if (!new URL(r.finalUrl).pathname.startsWith(path))
        throw new Error(`${name}: ended on ${r.finalUrl}, not ${path} (not signed in?)`);
      runs.push(r);
      if (process.env.VERBOSE) console.log(`    main thread: ${r.bootup.join(', ')}`);
      console.log(
        `  ${name} run ${i + 1}: score ${r.score} (FCP ${(r.fcp / 1000).toFixed(1)} s, LCP ${(r.lcp / 1000).toFixed(1)} s, TBT ${Math.round(r.tbt)} ms, CLS ${r.cls.toFixed(3)})`,
      );
    }
    const score = median(runs.map((r) => r.score));
    const pass = score >= TARGET;
    console.log(
      `${name} Lighthouse performance (mobile, throttled) ${score}${RUNS > 1 ? ` (median of ${RUNS}: ${runs.map((r) => r.score).join(', ')})` : ''} vs target ${TARGET}: ratio ${(score / TARGET).toFixed(2)} (target >= 1.00) ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  await server.stop();
}
