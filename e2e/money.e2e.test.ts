import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { advance, newPlayer, play } from '../apps/platform/test/promotions-helpers.ts';
import { launchChromium, signedInPage, startTestPlatform, type TestPlatform } from './harness.ts';

let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const toast = (page: Page, text: RegExp) => expect.poll(() => page.getByText(text).count(), { timeout: 10_000 }).toBeGreaterThan(0);

describe('money pages and promotions in Chromium', () => {
  it('claims the weekly bonus through the Turkish warning dialog, with the toast and the new balance', async () => {
    const player = await newPlayer(platform, 100_000);
    await advance(platform, -7 * 24 * 60, player);
    await play(platform, player, 1, { cashIn: 50_000, cashOut: 10_000 });
    await advance(platform, 7 * 24 * 60, player);
    const before = await platform.services.ledger.balance(player.id);

    const page = await signedInPage(browser, platform.url, player.username, 'secret');
    await page.getByRole('button', { name: 'Haftalik Bonus' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Önemli Uyarı').count()).toBe(1);
    await expect.poll(() => dialog.getByText(/10 katı ve en fazla 100\.000 TL/).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Kabul ediyorum' }).click();
    await toast(page, /weakly bonus successfully!/);
    await expect.poll(() => platform.services.ledger.balance(player.id)).toBeGreaterThan(before);
    const granted = (await platform.services.ledger.balance(player.id)) - before;
    expect(granted).toBe(6000); // 15% of last week's net loss of 400.00
    await expect.poll(() => page.getByText(/660[.,]00/).count()).toBeGreaterThan(0); // 600.00 + 60.00, pushed live
    expect(await page.evaluate(() => localStorage.getItem('l_c_bw'))).toMatch(/^\d+$/);
    await page.context().close();
  });

  it("a second discount click within the window shows the spec's message", async () => {
    const player = await newPlayer(platform, 50_000);
    await play(platform, player, 2, { cashIn: 50_000, cashOut: 2_000 });
    const page = await signedInPage(browser, platform.url, player.username, 'secret');
    await page.getByRole('button', { name: 'Discount' }).click();
    await toast(page, /discount successfully!/);
    expect(await platform.services.ledger.balance(player.id)).toBe(2_000 + 4_800);
    await page.getByRole('button', { name: 'Discount' }).click();
    await toast(page, /^You can use discount only once per 5 minutes$/);
    expect(await platform.services.ledger.balance(player.id)).toBe(6_800);
    await page.context().close();
  });

  it('the transactions and slot sessions pages list the movements of a played session', async () => {
    const player = await newPlayer(platform, 30_000);
    await play(platform, player, 3, { cashIn: 20_000, cashOut: 25_000 });
    const page = await signedInPage(browser, platform.url, player.username, 'secret');
    await page.goto('/transactions');
    for (const name of ['Deposit', 'Cash In', 'Cash Out']) {
      await expect.poll(() => page.getByText(name, { exact: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    }
    await expect.poll(() => page.getByText(/\+\s?(TRY|₺)?\s?250[.,]00|250[.,]00/).count()).toBeGreaterThan(0);
    await page.goto('/slot-sessions');
    await expect.poll(() => page.getByText('Star Crown').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/50[.,]00/).count()).toBeGreaterThan(0);
    await page.context().close();
  });
});
