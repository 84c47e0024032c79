import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, pinDeviceId, settled, signUpByApi } from './fixtures';

/**
 * Setting up a catalogue, end to end against the real server: a category with a subcategory
 * (from the first-time screen), a tag (with the spec's success pop-up), a modifier set with two
 * modifiers, and an option with its values. Screens are photographed at 1280 and 375 px.
 */

const SHOTS = 'test-results/screenshots';

const shoot = async (page: Page, name: string) => {
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/catalogue-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 780 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/catalogue-${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(200);
};

test('a merchant sets up categories, tags, modifier sets and options', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const deviceId = await pinDeviceId(page);
  const owner = await signUpByApi(request, deviceId, { business_name: 'Amaka Foods', store_name: 'Yaba' });

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /log ?in/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Categories: a new business gets the first-time screen, and creates its first category there.
  await page.goto('/categories');
  await expect(page.getByRole('heading', { name: 'Group your products into categories' })).toBeVisible();
  await shoot(page, 'categoryenable');
  await page.getByRole('button', { name: 'Create your first category' }).click();
  await page.getByLabel('Category name').fill('Drinks');
  await page.getByRole('button', { name: 'Add subcategory' }).click();
  await page.getByLabel('Subcategory 1 name').fill('Soft drinks');
  await page.getByRole('button', { name: 'Create my first category' }).click();
  await expect(page).toHaveURL(/\/productsinventory\/categories\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Drinks' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Soft drinks · 0' })).toBeVisible();
  await expect(page.getByText('No products here yet')).toBeVisible();
  await shoot(page, 'category-detail');

  // The list shows it with its count and subcategory; a duplicate name is refused with the server's words.
  await page.getByRole('link', { name: 'Categories' }).first().click();
  await expect(page).toHaveURL(/\/productsinventory\/categories$/);
  const drinks = page.getByRole('region', { name: 'Category Drinks' });
  await expect(drinks.getByText('0 products')).toBeVisible();
  await expect(drinks.getByText('Soft drinks · 0')).toBeVisible();
  await page.getByRole('button', { name: 'Add category' }).click();
  await page.getByRole('dialog').getByLabel('Category name').fill('drinks');
  await page.getByRole('dialog').getByRole('button', { name: 'Create category' }).click();
  await expect(
    page.getByRole('dialog').getByText('A category named "drinks" already exists.', { exact: false }),
  ).toBeVisible();
  await page.getByRole('dialog').getByLabel('Category name').fill('Snacks');
  await page.getByRole('dialog').getByRole('button', { name: 'Create category' }).click();
  await expect(page.getByRole('region', { name: 'Category Snacks' })).toBeVisible();
  await shoot(page, 'categories');

  // Tags: add one and see the success pop-up.
  await page.goto('/productsinventory/tags');
  await expect(page.getByText('No tags yet')).toBeVisible();
  await page.getByLabel('New tag').fill('Best seller');
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByRole('dialog').getByText('Tag has been created successfully.')).toBeVisible();
  await shoot(page, 'tag-created');
  await page.getByRole('button', { name: 'CLOSE', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Tags' }).getByText('Best seller')).toBeVisible();

  // Modifier sets: create mode, two rows (delete shows only with more than one), save returns to the list.
  await page.goto('/productsinventory/modifiers');
  await expect(page.getByText('No modifier sets yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create modifier set' }).click();
  await expect(page.getByRole('button', { name: /Back to modifier sets/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Delete modifier/ })).toHaveCount(0);
  await page.getByLabel('Set name').fill('Extras');
  await page.getByLabel('Modifier 1 name').fill('Cheese');
  await page.getByLabel('Price (₦)').first().fill('200');
  await page.getByRole('button', { name: 'Add modifier' }).click();
  await expect(page.getByRole('button', { name: /Delete modifier/ })).toHaveCount(2);
  await page.getByLabel('Modifier 2 name').fill('Fried egg');
  await page.getByLabel('Price (₦)').nth(1).fill('150.50');
  await shoot(page, 'modifier-create');
  await page.getByRole('button', { name: 'Save modifier set' }).click();
  await expect(page.getByText('Modifier set created successfully')).toBeVisible();
  const set = page.getByRole('button', { name: 'Extras, 2 modifiers' });
  await expect(set).toBeVisible();
  await set.click();
  await expect(page.getByText('₦150.50')).toBeVisible();
  await expect(page.getByText('₦200.00')).toBeVisible();
  await shoot(page, 'modifiers');

  // Options: Size with three values, shown as chips.
  await page.goto('/productsinventory/options');
  await expect(page.getByText('No options yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add option' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Option name').fill('Size');
  for (const v of ['S', 'M', 'L']) {
    await dialog.getByRole('textbox', { name: 'Values' }).fill(v);
    await dialog.getByRole('textbox', { name: 'Values' }).press('Enter');
  }
  await dialog.getByRole('button', { name: 'Save option' }).click();
  const size = page.getByRole('region', { name: 'Option Size' });
  await expect(size).toBeVisible();
  for (const v of ['S', 'M', 'L']) await expect(size.getByText(v, { exact: true })).toBeVisible();
  await shoot(page, 'options');
});
