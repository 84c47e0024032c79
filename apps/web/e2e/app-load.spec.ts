import { expect, test } from '@playwright/test';
import { PASSWORD, pinDeviceId, signUpByApi } from './fixtures';
import { logInNewOwner } from './offline-helpers';

/** Issue 11 §7: a full load of any screen says nothing alarming in the console. */
test('a full load of /login and of a screen behind login logs no router warning', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  const deviceId = await pinDeviceId(page);
  const owner = await signUpByApi(page.request, deviceId, { business_name: 'Quiet Console Ltd' });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of sale' })).toBeVisible();
  expect(warnings.filter((w) => /HydrateFallback|hydrateFallback/.test(w))).toEqual([]);
});

/**
 * Issue 13: a signed-in load starts the shell's and the dashboard's downloads from index.html (an
 * inline script the CSP allows by its hash), not after the entry has run; a new visitor's /login
 * downloads nothing more than the login page.
 */
test('a signed-in load of the dashboard fetches its screens at once; a new visitor at /login does not', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  const early = (file: string) =>
    page.locator(`link[data-first-screen][rel="modulepreload"][href*="/assets/${file}-"]`);
  // A new visitor's /login: nothing but the login page.
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.locator('link[data-first-screen]')).toHaveCount(0);

  await logInNewOwner(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Good');
  // The dashboard draws without the router (app/dashboard-start.tsx): its files, not the router's.
  for (const file of ['dashboard-start', 'shell', 'dashboard-page', 'home'])
    await expect(early(file), file).toHaveCount(1);
  await expect(early('router-root')).toHaveCount(0);
  // No current session but a saved user of the switcher (the app restores it): the dashboard's files too.
  await page.evaluate(() => localStorage.removeItem('ms.session'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Good');
  await expect(early('dashboard-start')).toHaveCount(1);
  await expect(early('router-root')).toHaveCount(0);
  // Another screen behind login: the router and the shell, not the dashboard.
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of sale' })).toBeVisible();
  await expect(early('router-root')).toHaveCount(1);
  await expect(early('routed-shell')).toHaveCount(1);
  await expect(early('shell')).toHaveCount(1);
  await expect(early('dashboard-page')).toHaveCount(0);
  expect(errors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
});

/** Issue 13: a phone draws the sidebar's links when the menu first opens, and they work. */
test('on a 375 px phone the menu is drawn when it opens, and its links lead on', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 780 });
  await logInNewOwner(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Good');
  const sidebar = page.getByLabel('Sidebar');
  await expect(sidebar.getByRole('link')).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sidebar.getByRole('link', { name: 'Products' })).toBeVisible();
  await sidebar.getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/products/);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  // Drawn once, kept: opening it again shows the links at once.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sidebar.getByRole('link', { name: 'Point of Sale' })).toBeVisible();
});

test.describe("a visitor's /login draws without the router", () => {
  // Requests go to the network (and through page.route), not to a service worker's cache.
  test.use({ serviceWorkers: 'block' });

  /**
   * Issue 13: /login is drawn by the entry alone (app/app-root.tsx); the router's code (a fifth of the
   * download) comes after, and takes over when the page is left. Held back here until the visitor acts.
   */
  test("the form draws and is usable while the router's code has not arrived; its links then lead on", async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(/\/assets\/router-root-[^/]+\.js$/, async (route) => {
      asked += 1;
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('x');
    await expect(page.getByText('The email field must be a valid email.')).toBeVisible();
    // The router was asked for after the form drew, and has not come: the page still works.
    await expect.poll(() => asked).toBe(1);

    await page.getByRole('link', { name: 'Create an account' }).click();
    release();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByText('Create your account')).toBeVisible();
    // Back: the router's own Login now, the same form.
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await page.getByRole('link', { name: /forgot password/i }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });

  test("when the router's code cannot be fetched, a link from Login loads the page in full and says so", async ({
    page,
  }) => {
    await page.route(/\/assets\/router-root-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('alert')).toContainText('The app could not load. Check your connection.');
    await page.unroute(/\/assets\/router-root-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Create your account')).toBeVisible();
  });

  test('logging in goes where the guard stopped the user, after a reload of Login too', async ({ page }) => {
    const deviceId = await pinDeviceId(page);
    const owner = await signUpByApi(page.request, deviceId, { business_name: 'Mama Put Ventures' });
    await page.goto('/sales-history');
    await expect(page).toHaveURL(/\/login$/);
    // A full load of Login now (no router yet), still remembering where the user was going.
    await page.reload();
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await expect(page).toHaveURL(/\/sales-history$/);
    await expect(page.getByRole('heading', { name: 'Sales history' })).toBeVisible();
  });
});

test.describe('a signed-in start on the dashboard draws without the router', () => {
  test.use({ serviceWorkers: 'block' });
  const ROUTER = /\/assets\/router-root-[^/]+\.js$/;

  /**
   * Issue 13: the dashboard and the shell are drawn by app/dashboard-start.tsx, without React Router
   * (its code and route table are a fifth of the download); the router loads after the first paint
   * and takes over at the first link. Held back here until the owner follows one.
   */
  test("the dashboard, its figures and its menu work while the router's code has not arrived; a link then leads on", async ({
    page,
  }) => {
    await logInNewOwner(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    await page.route(ROUTER, async (route) => {
      asked += 1;
      await held;
      await route.continue();
    });
    // `/` is the dashboard, as the router's index route would say.
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Good');
    await expect(page.getByLabel('Sales', { exact: true }).getByTestId('figure-value')).toHaveText('₦0.0');
    const sidebar = page.getByLabel('Sidebar');
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // The menu's search works without the router.
    await page.getByLabel('Search the menu').fill('custo');
    await expect(sidebar.getByRole('link', { name: 'Customers' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    // Asked for once the dashboard was drawn, and not come: the page still works.
    await expect.poll(() => asked).toBe(1);

    await sidebar.getByRole('link', { name: 'Products' }).click();
    // Waiting for the router: the dashboard stays, with the page-loading bar.
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    release();
    await expect(page).toHaveURL(/\/products/);
    await expect(sidebar.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    // The page's own link again: it is not put in the history twice.
    await sidebar.getByRole('link', { name: 'Products' }).click();
    // Back: the router's own dashboard now.
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Good');
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  /**
   * The dashboard's files were fetched by index.html, so its first render is the dashboard itself: no
   * "Loading…" drawn and painted first (a cheap phone would then draw the page twice, and sit blocked
   * by the second render after something has shown). If those files are slow, "Loading…" shows.
   */
  test('a reload of the dashboard draws it without "Loading…" first; slow files show "Loading…" meanwhile', async ({
    page,
  }) => {
    await logInNewOwner(page);
    await page.addInitScript(() => {
      const w = window as unknown as { loadingSeen: boolean };
      w.loadingSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('#root [role="status"]')?.textContent === 'Loading…') w.loadingSeen = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const loadingSeen = () =>
      page.evaluate(() => (window as unknown as { loadingSeen: boolean }).loadingSeen);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Good');
    expect(await loadingSeen()).toBe(false);

    // The dashboard's own file held back: "Loading…", then the dashboard.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/dashboard-start-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    const loading = page.getByRole('status').filter({ hasText: /^Loading…$/ });
    await expect(loading).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Good');
    await expect(loading).toHaveCount(0);
  });

  test('a device that chose the rail menu draws it on the dashboard too; its buttons lead on', async ({
    page,
  }) => {
    await logInNewOwner(page);
    await page.goto('/settings');
    await page.getByRole('radio', { name: /Icons and groups/ }).check();
    const sidebar = page.getByLabel('Sidebar');
    await expect(sidebar.getByText('Frequently Used')).toBeVisible();
    // A full load of the dashboard: the rail (loaded only for a device that chose it) without the router.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Good');
    await expect(sidebar.getByText('Frequently Used')).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await sidebar.getByRole('link', { name: 'Sales History' }).first().click();
    await expect(page).toHaveURL(/\/sales-history$/);
    await expect(page.getByRole('heading', { name: 'Sales history' })).toBeVisible();
  });

  test("when the router's code cannot be fetched, a link from the dashboard loads the page in full and says so", async ({
    page,
  }) => {
    await logInNewOwner(page);
    await page.route(ROUTER, (route) => route.abort('internetdisconnected'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Good');
    await page.getByLabel('Sidebar').getByRole('link', { name: 'Customers' }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(page.getByRole('alert')).toContainText('The app could not load. Check your connection.');
    await page.unroute(ROUTER);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  });

  test('a session the server has ended goes to Login from the dashboard, before the router has loaded', async ({
    page,
  }) => {
    await logInNewOwner(page);
    const signedIn = await page.evaluate(() => ({
      session: JSON.parse(localStorage.getItem('ms.session') ?? '{}'),
      deviceId: localStorage.getItem('ms.deviceId') ?? '',
    }));
    const res = await page.request.post('/v1/auth/logout', {
      headers: { Authorization: `Bearer ${signedIn.session.token}`, deviceID: signedIn.deviceId },
      data: { user_id: signedIn.session.user._id },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await page.goto('/dashboard');
    // The figures' call answers 401: the session is forgotten and Login shown.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('E-mail')).toBeVisible();
  });
});
