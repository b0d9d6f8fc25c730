import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { asc, inArray } from 'drizzle-orm';
import { AuditType } from '@reelcast/protocol';
import { auditLog } from '../apps/platform/src/db/schema.ts';
import { seriousViolations } from './axe.ts';
import { coveredControls } from './covering.ts';
import { closeWallet, joinFromLobby, transferHotCoin } from './game-page.ts';
import { freeSeats, launchChromium, signedInPage, startTestStack, type TestStack } from './harness.ts';

/** Machine 6's first spin on the e2e seed wins 13.80: at a hand-pay threshold of 10.00 it waits for staff. */
const MACHINE = 6;
const FIRST_WIN = 1_380;

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([
    startTestStack(undefined, { cabinets: [{ machineId: MACHINE, kind: 'emulated', handPay: { threshold: 1_000 } }] }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  if (stack) await freeSeats(stack.agent);
  await browser?.close();
  await stack?.stop();
});

/** Frames the page's video element has decoded so far (the first `<video>` matching `selector`). */
const decodedFrames = (page: Page, selector: string) =>
  page.evaluate((css) => {
    const video = document.querySelector<HTMLVideoElement>(css);
    return video && video.videoWidth ? video.getVideoPlaybackQuality().totalVideoFrames : 0;
  }, selector);

describe('watching and a hand pay from the console, in Chromium', () => {
  it("staff watches a machine while a player plays it (the player's frames keep coming) and confirms its hand pay", async () => {
    const { platform, agent } = stack;
    const machine = await platform.services.machines.byId(MACHINE);
    const demo = await platform.services.players.require('demo');
    const [player, staff] = await Promise.all([
      signedInPage(browser, platform.url),
      signedInPage(browser, platform.url, 'staff', 'staff1234', { width: 1024, height: 768 }),
    ]);
    await joinFromLobby(player, agent, MACHINE, machine.name);
    await transferHotCoin(player);
    await expect.poll(() => agent.hosts.get(MACHINE)!.state().credit).toBeGreaterThan(0);
    await closeWallet(player);
    await expect.poll(() => decodedFrames(player, 'video'), { timeout: 10_000 }).toBeGreaterThan(0);

    // Watch: the staff member's picture plays, view-only, on the player's band: one encoder, two viewers.
    await staff.goto('/console/floor');
    await staff.getByRole('button', { name: `Watch: ${machine.name}` }).click();
    const watch = staff.getByRole('dialog', { name: `Watching ${machine.name}` });
    await expect.poll(() => decodedFrames(staff, '[data-testid="watch-video"]'), { timeout: 10_000 }).toBeGreaterThan(0);
    const playerBefore = await decodedFrames(player, 'video');
    const watchBefore = await decodedFrames(staff, '[data-testid="watch-video"]');
    await player.waitForTimeout(1_000);
    expect(await decodedFrames(player, 'video')).toBeGreaterThan(playerBefore + 5);
    expect(await decodedFrames(staff, '[data-testid="watch-video"]')).toBeGreaterThan(watchBefore + 5);
    const { streams } = await agent.video.stats();
    const encoders = Object.entries(streams).filter(([key]) => key.startsWith(`${MACHINE}/`));
    expect(encoders.map(([key, stream]) => [key, stream.viewers])).toEqual([[`${MACHINE}/720p@30`, 2]]);
    expect(agent.hosts.get(MACHINE)!.seatedPlayerId).toBe(demo.id);
    expect(await seriousViolations(staff, 'watching a machine')).toEqual([]);
    await watch.getByRole('button', { name: 'Close' }).click();

    // The grid: the machine's picture at the lowest band, beside the table, no control under another at 1024 × 768.
    await staff.getByRole('button', { name: 'Pictures' }).click();
    await expect.poll(() => decodedFrames(staff, `[data-testid="watch-tile-${MACHINE}"] video`), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(Object.keys((await agent.video.stats()).streams).filter((key) => key.startsWith(`${MACHINE}/`))).toContain(`${MACHINE}/360p@30`);
    expect(await coveredControls(staff, 'main', { scroll: true })).toEqual([]);
    expect(await seriousViolations(staff, 'the picture grid')).toEqual([]);
    await staff.getByRole('button', { name: 'Close the pictures' }).click();

    // The player's first spin wins 13.80: a hand pay that waits for staff, shown on the floor row.
    const before = await platform.services.ledger.balance(demo.id);
    await player.getByRole('button', { name: 'Spin' }).first().click();
    const row = staff.getByTestId(`floor-row-${MACHINE}`);
    await row.getByText('Hand pay waiting: TRY 13.80').waitFor();
    expect(await platform.services.ledger.balance(demo.id)).toBe(before);

    await row.getByRole('button', { name: `Confirm hand pay: ${machine.name}` }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Win checked on the cabinet');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => platform.services.ledger.balance(demo.id)).toBe(before + FIRST_WIN);
    await expect.poll(() => agent.hosts.get(MACHINE)!.state().locked, { timeout: 5_000 }).toBe(false);
    expect(await row.getByText(/Hand pay waiting/).count()).toBe(0);

    const audit = await platform.services.database.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.type, [AuditType.MachineWatched, AuditType.HandPayConfirmed]))
      .orderBy(asc(auditLog.id));
    // One entry a watch (the dialog, then the grid's tile), then the hand pay.
    expect(audit.map((entry) => [entry.type, entry.username])).toEqual([
      [AuditType.MachineWatched, 'staff'],
      [AuditType.MachineWatched, 'staff'],
      [AuditType.HandPayConfirmed, 'staff'],
    ]);
    expect(audit[2]!.detail).toMatchObject({ machineId: MACHINE, amount: FIRST_WIN, reason: 'Win checked on the cabinet' });
    await Promise.all([player, staff].map((page) => page.context().close()));
  });
});
