import { chromium, expect, test, type Page } from '@playwright/test';
import { writeBarcodeVideo } from './fake-camera';
import { PASSWORD, apiAs, pinDeviceId, signUpByApi } from './fixtures';

/**
 * "Scan with camera" at the till, against the real server and the real barcode reader: Chromium's
 * fake camera plays a video of a printed EAN-13 (made by the test), the app reads it with ZXing in
 * WebAssembly (headless Chromium on Linux has no native BarcodeDetector) served from our own build,
 * and the product lands in the cart as a USB scan would put it.
 */

const SHOTS = 'test-results/screenshots';
const CODE = '5901234123457';

const setUp = async (page: Page, request: Parameters<typeof signUpByApi>[0], name: string) => {
  const deviceId = await pinDeviceId(page);
  const data = await signUpByApi(request, deviceId, { business_name: name, store_name: 'Garki' });
  const api = apiAs(request, { token: data.token, deviceId });
  await api.post(`/v2/business/${data.business._id}/products/`, {
    name: 'Peak Milk 400g',
    barcode: CODE,
    selling_price: 2450,
    track_stock: true,
    store_stock: [{ store_id: data.business.stores[0].id, stock: 30 }],
  });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(data.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/pos');
  await expect(page.getByRole('heading', { name: 'Point of sale' })).toBeVisible();
};

test('a barcode in front of the camera goes into the cart; "keep scanning" adds it once', async ({
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const video = testInfo.outputPath('ean13-camera.y4m');
  writeBarcodeVideo(CODE, video);
  const launch = testInfo.project.use.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await setUp(page, request, 'Camera Stores');
    const origin = new URL(page.url()).origin;

    // Nothing of the reader is loaded until the camera is opened.
    expect(requested.some((u) => /camera-scan-dialog|barcode-reader|\.wasm/.test(u))).toBe(false);

    await page.getByRole('button', { name: 'Scan with camera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan with camera' });
    await expect(dialog).toBeVisible();
    // One read closes the camera and adds the product, as a USB scan does.
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    const cart = page.getByTestId('cart');
    await expect(cart.getByTestId('cart-line')).toHaveCount(1);
    await expect(cart.getByTestId('cart-line')).toContainText('Peak Milk 400g');
    await expect(cart.getByTestId('line-qty')).toHaveText('1');
    // The camera is off once the dialog is closed.
    await expect(page.locator('video')).toHaveCount(0);

    // The ZXing WebAssembly came from our own server, never a CDN (the app works on a closed network).
    const wasm = requested.filter((u) => u.endsWith('.wasm'));
    expect(wasm.length).toBeGreaterThan(0);
    expect(wasm.every((u) => u.startsWith(`${origin}/assets/`))).toBe(true);
    expect(requested.filter((u) => !u.startsWith(origin))).toEqual([]);

    // On a phone, "Keep scanning" (a choice the device remembers): the dialog stays open, and the
    // code still in view is added only once.
    await page.setViewportSize({ width: 375, height: 780 });
    await page.evaluate(() => localStorage.setItem('ms.pos.scanContinuous', '1'));
    await page.reload();
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Keep scanning after each item' })).toBeChecked();
    await expect(dialog.getByRole('status')).toContainText('Added Peak Milk 400g', { timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/pos-camera-scan-375.png` });
    await page.waitForTimeout(3500);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: /^Cart/ }).click();
    const sheet = page.getByRole('dialog', { name: /^Cart ·/ });
    await expect(sheet.getByTestId('line-qty')).toHaveText('2');
    await expect(sheet.getByTestId('cart-total')).toHaveText('₦4,900.00');
  } finally {
    await browser.close();
  }
});

test('without a camera the dialog says so, and typing the barcode still works', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 780 });
  await setUp(page, request, 'No Camera Stores');
  await page.getByRole('button', { name: 'Scan with camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan with camera' });
  await expect(dialog.getByRole('alert')).toContainText(/No camera found|The camera is not allowed/);
  await expect(dialog.getByRole('alert')).toContainText(
    'type the barcode in the search box or use a USB scanner',
  );
  await page.screenshot({ path: `${SHOTS}/pos-camera-none-375.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  const search = page.getByRole('searchbox', { name: 'Search products or scan a barcode' });
  await search.fill(CODE);
  await search.press('Enter');
  await expect(page.getByRole('status').first()).toContainText('Added Peak Milk 400g');
});
