import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Helpers for the browser tests: they talk to the real server the test run started. */
let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${++counter}@e2e.ng`;
export const PASSWORD = 'Sup3r$ecret';

/** The newest sandbox e-mail to this address (OTPs carry their code in meta.code). */
export const lastEmail = async (request: APIRequestContext, to: string) => {
  const res = await request.get(`/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
  const body = await res.json();
  return body.data[0] as { subject: string; body: string; kind: string; meta: { code?: string } } | undefined;
};

/** Waits for a sandbox e-mail of this kind and returns its code. */
export const waitForCode = async (request: APIRequestContext, to: string, kind: string): Promise<string> => {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mail = await lastEmail(request, to);
      code = mail?.kind === kind ? mail.meta.code : undefined;
      return code;
    })
    .toBeTruthy();
  return code!;
};

/** Signs a business up through the API (fast set-up for tests that are not about sign-up). */
let addressCounter = 0;
/** A distinct client address (10.77.x.y) per call; the server trusts X-Forwarded-For. */
export const nextClientAddress = () => {
  addressCounter += 1;
  return `10.77.${(process.pid + Math.floor(addressCounter / 250)) % 250}.${addressCounter % 250}`;
};

export const signUpByApi = async (
  request: APIRequestContext,
  deviceId: string,
  overrides: Record<string, string> = {},
) => {
  const email = overrides.email ?? uniqueEmail('owner');
  // Each business signs up from its own address, as real merchants do: the whole suite signs up more
  // businesses than the per-address signup limit allows in an hour.
  const res = await request.post('/v1/auth/signup', {
    headers: { deviceID: deviceId, 'x-forwarded-for': nextClientAddress() },
    data: {
      first_name: 'Ngozi',
      last_name: 'Eze',
      email,
      phone: '08012345678',
      password: PASSWORD,
      business_name: 'Ngozi Stores',
      store_name: 'Wuse',
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, ...(await res.json()).data };
};

/** Gives the app in this page a known device id (the app keeps it in localStorage), so the API can approve it. */
export const pinDeviceId = async (page: Page, prefix = 'e2e-device'): Promise<string> => {
  const id = `${prefix}-${Date.now().toString(36)}${++counter}`;
  await page.addInitScript((value) => {
    if (!localStorage.getItem('ms.deviceId')) localStorage.setItem('ms.deviceId', value);
  }, id);
  return id;
};

/** Logs in through the Login page (the e2e password) and waits for the dashboard. */
export const logInThroughPage = async (page: Page, email: string) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

/** JSON calls to the API as a signed-up owner; a failed call fails the test with the server's answer. */
export const apiAs = (request: APIRequestContext, owner: { token: string; deviceId: string }) => {
  const headers = { Authorization: `Bearer ${owner.token}`, deviceID: owner.deviceId };
  const call = async (method: 'get' | 'post' | 'put' | 'patch', url: string, data?: unknown) => {
    const res = await request[method](url, { headers, data });
    const body = await res.json();
    expect(res.ok(), `${method.toUpperCase()} ${url}: ${JSON.stringify(body)}`).toBe(true);
    return body.data;
  };
  return {
    get: (url: string) => call('get', url),
    post: (url: string, d: unknown) => call('post', url, d),
    put: (url: string, d: unknown) => call('put', url, d),
    patch: (url: string, d: unknown) => call('patch', url, d),
  };
};

/** Requests that stay open while the app runs (the live change stream): never "idle", so not waited for. */
const LONG_LIVED = /\/changes\/stream/;

/**
 * The page has loaded and made no request for 500 ms, the live change stream aside (Playwright's
 * 'networkidle' never comes while that stream is open). For screenshots and checks of a settled screen.
 */
export const settled = async (page: Page, quietMs = 500, timeoutMs = 30_000) => {
  await page.waitForLoadState('load');
  const open = new Set<unknown>();
  let lastChange = Date.now();
  const start = (r: { url: () => string }) => {
    if (LONG_LIVED.test(r.url())) return;
    open.add(r);
    lastChange = Date.now();
  };
  const end = (r: unknown) => {
    if (open.delete(r)) lastChange = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    const until = Date.now() + timeoutMs;
    while (!(open.size === 0 && Date.now() - lastChange >= quietMs) && Date.now() < until)
      await page.waitForTimeout(100);
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
};

export const SCREENSHOTS = 'test-results/screenshots';

/** A settled screen photographed at 1280 px and at a 375 px phone, then back to 1280 px. */
export const shootBothWidths = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 780 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(400);
};
