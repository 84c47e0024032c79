import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { logInNewOwner, waitForAppSaved } from './offline-helpers';

/**
 * The update flow of spec 000 §2.4/§4 against the built app. It gives the server a new service
 * worker script (put back afterwards), so the config runs it alone, after every other spec.
 */

const SHOTS = 'test-results/screenshots';
/** The built app the server serves (start-server.mjs): WEB_DIST, else apps/web/dist. */
const SW_FILE = join(process.env.WEB_DIST ?? fileURLToPath(new URL('../dist', import.meta.url)), 'sw.js');

/** Writes the worker script as a build does: the file and its compressed copies the server sends. */
const writeWorker = (text: string) => {
  writeFileSync(SW_FILE, text);
  writeFileSync(`${SW_FILE}.br`, brotliCompressSync(text));
  writeFileSync(`${SW_FILE}.gz`, gzipSync(text));
};

test('a new version waits for the person: "Critical New Update", "Click to update", reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInNewOwner(page);
  await waitForAppSaved(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sync Settings' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // The server now has a new build: a different service worker script (put back afterwards).
  const original = readFileSync(SW_FILE, 'utf8');
  writeWorker(`${original}\n// the next version\n`);
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    const prompt = page.getByRole('alertdialog', { name: 'Critical New Update' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/update-prompt-1280.png` });
    // The button's second text may last only a moment before the reload: note every text it shows.
    const shown: string[] = [];
    await page.exposeFunction('noteUpdateButton', (text: string) => shown.push(text));
    await prompt.getByRole('button', { name: 'Click to update' }).evaluate((button) => {
      const note = (window as unknown as { noteUpdateButton: (t: string) => void }).noteUpdateButton;
      new MutationObserver(() => note(button.textContent ?? '')).observe(button, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Click to update' }).click();
    await reloaded;
    expect(shown).toContain('Updating. This might take a while....');
    await expect(page.getByRole('heading', { name: 'Sync Settings' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    const waiting = await page.evaluate(
      async () => !!(await navigator.serviceWorker.getRegistration())?.waiting,
    );
    expect(waiting).toBe(false);
  } finally {
    writeWorker(original);
  }
});
