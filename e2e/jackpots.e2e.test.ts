import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { brandList, formatMoney, machineList, playCountersAnswer, type Brand, type Machine } from '@reelcast/protocol';
import { newPlayer, openSlotSession } from '../apps/platform/test/promotions-helpers.ts';
import { englishPage, expectLedgerSound, platformAndBrowser, pollRead, signIn } from './harness.ts';

/**
 * Live jackpots in Chromium (docs/jackpots.md): the machine API's play counters feed a brand's meters,
 * and a player in the lobby sees them rise over the notification socket without a reload; a hit is
 * announced in the lobby and the winner, signed in elsewhere, is congratulated.
 */

const running = platformAndBrowser();

const brands = async (): Promise<Brand[]> =>
  brandList.parse((await running.platform.call('GET', '/machine/brands', { token: await running.platform.login() })).body);

/** The brand's meters as the lobby shows them (en-US, the default currency), from its SPEC §3 string. */
const shown = (jackpot: string) => jackpot.split(',').map((value) => formatMoney(Math.round(Number(value) * 100), 'en-US', 'TRY'));

async function reportCounters(machineId: number, report: { spins: number; totalBet: number; sessionId: string | null }) {
  const answer = await running.platform.call('POST', `/machine-api/machines/${machineId}/play-counters`, {
    token: running.platform.services.machineApiToken,
    body: report,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return playCountersAnswer.parse(answer.body);
}

/** A signed-in lobby whose notification socket is open (the pushes have somewhere to go). */
async function lobbyOf(username: string, password: string): Promise<Page> {
  const { page } = await englishPage(running.browser, running.platform.url);
  await page.goto('/login');
  const socket = page.waitForEvent('websocket');
  await signIn(page, username, password);
  await page.waitForURL(/\/lobby$/);
  await socket;
  // Marks this document: still there at the end means no reload happened.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  return page;
}

const jackpotsOf = (page: Page, brand: Brand) => page.getByRole('region', { name: brand.name }).getByRole('list', { name: 'Jackpots' });
/** Every polite announcement on the page (the toast's role status), even under a dialog's aria-hidden. */
const announcements = (page: Page) => page.locator('[role="status"]').allTextContents();

describe('live jackpots in Chromium', () => {
  it("a lobby sees a brand's meters rise as its machines are played, and a win announced; the winner is congratulated", async () => {
    const all = machineList.parse((await running.platform.call('GET', '/machine/all', { token: await running.platform.login() })).body);
    const brand = (await brands()).find((b) => b.jackpot !== '' && all.some((m: Machine) => m.brandId === b.id))!;
    const machine = all.find((m) => m.brandId === brand.id)!;

    const watcher = await lobbyOf('demo', 'demo1234');
    const list = jackpotsOf(watcher, brand);
    for (const amount of shown(brand.jackpot)) await expect.poll(() => list.textContent(pollRead)).toContain(amount);

    // Bets of 1,000.00 on the machine, no one seated: the meters grow by their shares.
    const fed = await reportCounters(machine.id, { spins: 100, totalBet: 100_000, sessionId: null });
    expect(fed.contributed).toBeGreaterThan(0);
    expect(fed.hits).toEqual([]);
    const risen = (await brands()).find((b) => b.id === brand.id)!.jackpot;
    expect(risen).not.toBe(brand.jackpot);
    for (const amount of shown(risen)) await expect.poll(() => list.textContent(pollRead)).toContain(amount);

    // A player seated at the machine plays far past every meter's "must hit by": the meters hit.
    const winner = await newPlayer(running.platform, 0);
    const winnerLobby = await lobbyOf(winner.username, 'secret');
    const sessionId = await openSlotSession(running.platform, winner, machine.id, 0);
    const hit = await reportCounters(machine.id, { spins: 200, totalBet: 100_000 + 1_000_000_000, sessionId });
    expect(hit.hits.length).toBeGreaterThan(0);

    const amounts = hit.hits.map((h) => formatMoney(h.amount, 'en-US', 'TRY'));
    const won = hit.hits.map(
      (h, i) =>
        new RegExp(`^\\S\\*\\*\\* won the ${h.name} jackpot of ${escape(amounts[i]!)} on ${escape(`${brand.name} ${machine.name}`)}!$`),
    );
    await expect.poll(async () => (await announcements(watcher)).some((text) => won.some((re) => re.test(text)))).toBe(true);
    const congratulated = hit.hits.map((h, i) => `Congratulations! You won the ${h.name} jackpot: ${amounts[i]}.`);
    await expect.poll(async () => (await announcements(winnerLobby)).some((text) => congratulated.includes(text))).toBe(true);
    // The announcement and the list it sits above, as axe sees them (WCAG 2.1 A and AA).
    for (const page of [watcher, winnerLobby]) {
      const axe = await new AxeBuilder({ page })
        .include('[role="status"]')
        .include('main')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    }

    // Each hit meter starts again at its seed: the lobby follows.
    const reset = (await brands()).find((b) => b.id === brand.id)!.jackpot;
    for (const amount of shown(reset)) await expect.poll(() => list.textContent(pollRead)).toContain(amount);
    for (const page of [watcher, winnerLobby])
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await expectLedgerSound(running.platform);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
