import { expect, test, type Page } from '@playwright/test';

/**
 * The demo business a newcomer logs into (README): about 60 days of trading are already there, so
 * the dashboard, its graph, the recent sales and the sales history open with figures, not zeros.
 */

const SHOTS = 'test-results/screenshots';

const shoot = async (page: Page, name: string) => {
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
};

test('the demo owner opens a dashboard and a sales history with two months of trading', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('admin@demo.ng');
  await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Today already has sales: figures, a graph with bars and recent sales to open.
  const value = (label: string) => page.getByLabel(label, { exact: true }).getByTestId('figure-value');
  await expect(value('Sales')).not.toHaveText('₦0.0');
  await expect(value('Items sold')).not.toHaveText('0');
  await expect(page.getByText('No sales yet')).toHaveCount(0);
  await expect(page.getByTestId('sales-graph-bar')).toHaveCount(7);
  await expect(page.getByTestId('sales-graph-bar').nth(4)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Sale RC-/ }).first()).toBeVisible();
  await shoot(page, 'demo-dashboard');

  // The last 30 days hold well over a hundred sales, some of them refunded.
  await page.goto('/sales-history');
  await expect(page.getByRole('heading', { name: 'Sales history', level: 1 })).toBeVisible();
  await page.getByText('30 days', { exact: true }).click();
  await expect
    .poll(async () => Number((await page.getByTestId('total-count').textContent())?.replace(/\D/g, '')))
    .toBeGreaterThan(100);
  await shoot(page, 'demo-sales-history');
});
