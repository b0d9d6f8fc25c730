import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, signedInPage, startTestStack, type TestStack } from './harness.ts';

/**
 * Player protection in Chromium (docs/player-protection.md): limits set on the profile page hold at the
 * money boundary, and a loss limit reached during play closes the seat the SPEC §4 way, with its text.
 */
let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const host = (machineId: number) => stack.agent.hosts.get(machineId)!;
const coin = (page: Page) => page.getByRole('button', { name: /^Transfer .* to the machine$/ }).first();

describe('player protection in Chromium', () => {
  it('a loss limit set on the profile refuses a cash-in past it, and once reached in play the seat counts down and closes', async () => {
    const { players, ledger, protection, play } = stack.platform.services;
    const player = await players.create({ username: 'limited', email: 'limited@example.com', password: 'secret' });
    await ledger.deposit({ playerId: player.id, amount: 100_000, idempotencyKey: 'dep-limited' });
    const page = await signedInPage(browser, stack.platform.url, 'limited', 'secret');

    await page.goto('/profile');
    const panel = page.getByRole('region', { name: 'Responsible gaming' });
    await panel.getByLabel('Daily loss limit').fill('5');
    await panel.getByRole('button', { name: 'Save limits' }).click();
    await expect
      .poll(async () => (await protection.status(player.id)).limits.find((limit) => limit.key === 'lossDay')?.value, { timeout: 10_000 })
      .toBe(500);

    await page.goto('/lobby');
    await page
      .getByRole('button', { name: 'Play Star Crown' })
      .or(page.getByRole('link', { name: 'Play Star Crown' }))
      .first()
      .click();
    await page.waitForURL(/\/game\/3\//);
    await expect.poll(() => host(3).seatedPlayerId, { timeout: 15_000 }).toBe(player.id);

    // The first hot coin (5.00) fills the loss limit; the next is refused before any money moves.
    if (!(await coin(page).isVisible())) await page.getByRole('button', { name: 'Open the wallet panel' }).first().click();
    await coin(page).click();
    await expect.poll(() => host(3).state().credit, { timeout: 10_000 }).toBe(500);
    await coin(page).click();
    await expect.poll(() => page.getByText(/Over your daily loss limit of/).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await ledger.balance(player.id)).toBe(99_500);
    await page.getByRole('button', { name: 'Close the wallet panel' }).click();

    // Bet the whole 5.00 until it is gone: with no credit for a bet and no room to cash in, the seat closes.
    for (const _ of [1, 2]) await page.getByRole('button', { name: 'Bet +' }).first().click();
    await expect.poll(() => host(3).state().bet).toBe(500);
    for (let i = 0; i < 30 && host(3).state().credit >= 100; i++) {
      const spins = host(3).state().spins;
      await page.getByRole('button', { name: 'Spin' }).first().click();
      await expect.poll(() => host(3).state().spins, { timeout: 10_000 }).toBeGreaterThan(spins);
    }
    await expect.poll(() => page.getByText(/Loss limit reached/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.waitForURL(/\/lobby$/, { timeout: 20_000 });
    await expect.poll(() => play.openSlotSessionsOf(player.id)).toEqual([]);
    await page.context().close();
  });
});
