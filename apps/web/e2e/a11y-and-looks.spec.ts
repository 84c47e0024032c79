import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, settled, signUpByApi, pinDeviceId } from './fixtures';

const seriousViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
};

test('login and signup have no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/signup');
  await expect(page.getByLabel('Business name')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the dashboard shell: no serious accessibility violations; screenshots at 1280 and 375 px', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  await page.goto('/login');
  const owner = await signUpByApi(request, deviceId, { business_name: 'Mama Put Kitchen' });
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Mama Put Kitchen').first()).toBeVisible();
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/screenshots/dashboard-1280.png', fullPage: true });

  await page.setViewportSize({ width: 375, height: 780 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/dashboard-375.png', fullPage: true });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.screenshot({ path: 'test-results/screenshots/dashboard-375-menu.png' });
});
