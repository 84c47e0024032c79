// Gzip size of the JS and CSS the browser downloads to show /login, and the dashboard shell (cold
// cache each time), printed as a ratio against the 150 kB JS budget of issue 2.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, login, startServer } from './lib.mjs';

const JS_BUDGET_KB = 150;

const measure = async (browser, url, prepare) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const sizes = { js: 0, css: 0, files: [] };
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    const gz = gzipSync(body, { level: 9 }).length;
    sizes[type === 'script' ? 'js' : 'css'] += gz;
    sizes.files.push(`${new URL(response.url()).pathname} ${(gz / 1024).toFixed(1)} kB`);
  });
  if (prepare) await prepare(context);
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  return sizes;
};

const server = await startServer({
  port: Number(process.env.BENCH_PORT ?? 3290),
  postgres: Boolean(process.env.TEST_DATABASE_URL),
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const loginPage = await measure(browser, `${server.url}/login`);
  const session = await login(server.url, 'admin@demo.ng', 'Demo@1234');
  const shell = await measure(browser, `${server.url}/dashboard`, async (context) => {
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
  });
  for (const [name, s] of [
    ['/login', loginPage],
    ['dashboard shell', shell],
  ]) {
    const jsKb = s.js / 1024;
    console.log(
      `${name}: JS ${jsKb.toFixed(1)} kB gz, CSS ${(s.css / 1024).toFixed(1)} kB gz — JS/budget ${(jsKb / JS_BUDGET_KB).toFixed(2)} (budget ${JS_BUDGET_KB} kB)`,
    );
    if (process.env.VERBOSE) for (const f of s.files) console.log(`   ${f}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
