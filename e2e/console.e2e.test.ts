import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { desc, inArray } from 'drizzle-orm';
import { AuditType } from '@reelcast/protocol';
import { auditLog } from '../apps/platform/src/db/schema.ts';
import { seriousViolations } from './axe.ts';
import { coveredControls } from './covering.ts';
import { joinFromLobby, transferHotCoin } from './game-page.ts';
import { freeSeats, launchChromium, openSelect, signedInPage, startTestStack, type TestStack } from './harness.ts';

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
});
afterAll(async () => {
  if (stack) await freeSeats(stack.agent);
  await browser?.close();
  await stack?.stop();
});

const tablet = { width: 1024, height: 768 };

/** Opens the row's action, types the reason (and the message) in its dialog and confirms. */
async function act(page: Page, action: string, machine: string, reason: string, text?: string) {
  await page.getByRole('button', { name: `${action}: ${machine}` }).click();
  const dialog = page.getByRole('dialog');
  if (text !== undefined) await dialog.getByLabel('Message for the player').fill(text);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('the console in Chromium', () => {
  it("staff sees the floor live, puts a machine in maintenance and ends a player's session, each with its reason in the audit log", async () => {
    const { platform, agent } = stack;
    const [one, two] = await Promise.all([platform.services.machines.byId(1), platform.services.machines.byId(2)]);
    const demo = await platform.services.players.require('demo');
    const before = await platform.services.ledger.balance(demo.id);

    // A player at machine 1 with money on it; another in the lobby.
    const [player, lobby, staff] = await Promise.all([
      signedInPage(browser, platform.url),
      signedInPage(browser, platform.url, 'demo2', 'demo1234'),
      signedInPage(browser, platform.url, 'staff', 'staff1234', tablet),
    ]);
    await joinFromLobby(player, agent, 1, one.name);
    await transferHotCoin(player);
    await expect.poll(() => platform.services.ledger.balance(demo.id)).toBeLessThan(before);

    await staff.goto('/console/floor');
    const row = (id: number) => staff.getByTestId(`floor-row-${id}`);
    await expect.poll(() => row(1).textContent()).toContain('demo');
    expect(await row(2).textContent()).toContain('Free');
    expect(await seriousViolations(staff, 'the floor at 1024 × 768')).toEqual([]);
    expect(await coveredControls(staff, 'main', { scroll: true })).toEqual([]);

    // Filtered by status, in the URL.
    await openSelect(staff.getByLabel('Status'));
    await staff.getByRole('option', { name: 'Playing' }).click();
    // The choice closes the menu; while it is open the page behind it is hidden from roles (aria-hidden), and
    // the count below cannot be found. A loaded rehearsal once found no count for 30 s: if the menu stays
    // open, this says so.
    await staff.getByRole('listbox').waitFor({ state: 'hidden' });
    await expect.poll(() => staff.getByRole('status').textContent()).toBe('1 of 12 machines');
    expect(staff.url()).toMatch(/status=playing/);
    await staff.goto('/console/floor');

    // Maintenance: the lobby of the other player shows machine 2 unavailable at once.
    await act(staff, 'Maintenance', two.name, 'Bill validator jammed');
    await expect.poll(() => lobby.getByTestId('machine-status-2').getAttribute('data-status')).toBe('maintenance');
    expect(await lobby.getByRole('link', { name: `Play ${two.name}` }).getAttribute('aria-disabled')).toBe('true');
    expect(await row(2).getByTestId('machine-status-2').getAttribute('data-status')).toBe('maintenance');

    // A message the player's game shows, then the end of the session: the game closes and the credit is back.
    await act(staff, 'Message', one.name, 'Courtesy notice', 'Machine 1 closes in a minute');
    await player.getByText('Message from the operator: Machine 1 closes in a minute').waitFor();
    await act(staff, 'End session', one.name, 'Player asked at the desk');
    await player.waitForURL(/\/lobby$/);
    expect(agent.hosts.get(1)!.seatedPlayerId).toBeNull();
    expect(await platform.services.ledger.balance(demo.id)).toBe(before);
    await expect.poll(() => row(1).textContent()).toContain('Free');

    const audit = await platform.services.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.type, [AuditType.Maintenance, AuditType.MessageSent, AuditType.SessionEndedByStaff]))
      .orderBy(desc(auditLog.id));
    expect(audit.map((entry) => [entry.type, entry.username, (entry.detail as { reason: string }).reason])).toEqual([
      [AuditType.SessionEndedByStaff, 'staff', 'Player asked at the desk'],
      [AuditType.MessageSent, 'staff', 'Courtesy notice'],
      [AuditType.Maintenance, 'staff', 'Bill validator jammed'],
    ]);

    // Right to left, in Arabic: the same floor, axe clean, no control under another.
    await staff.evaluate(() => {
      window.localStorage.setItem('language', 'ar');
      window.localStorage.setItem('i18nextLng', 'ar');
    });
    await staff.reload();
    await staff.getByRole('heading', { name: 'الصالة' }).waitFor();
    expect(await staff.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await seriousViolations(staff, 'the floor in Arabic')).toEqual([]);
    expect(await coveredControls(staff, 'main', { scroll: true })).toEqual([]);
    await Promise.all([player, lobby, staff].map((page) => page.context().close()));
    // A long journey (three browsers signed in, a game joined, two axe runs, a reload in Arabic): on main it
    // took 53–66 s under load 8–9 (two runs side by side, 2026-11-30), past the 60 s default in one of three;
    // the signed-in lobby's first view work (issue 30) adds a few seconds more under that load.
  }, 120_000);
});
