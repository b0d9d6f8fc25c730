import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseCabinets } from '../apps/machine/src/cabinet/cabinets-file.ts';
import { startSimulatedCabinets, type SimulatedCabinets } from '../apps/launcher/src/simulated-cabinets.ts';
import { REEL } from '../tools/egm-sim/machine/reel-game.ts';
import { SYMBOL_COLOURS } from '../tools/egm-sim/index.ts';
import { closeWallet, joinFromLobby, openWallet, transferHotCoin } from './game-page.ts';
import { expectLedgerSound, launchChromium, signedInPage, startTestStack, type TestStack } from './harness.ts';

// The real-cabinet path as `reelcast start --cabinets examples/cabinets.simulated.json` runs it: machine 1
// is a SAS cabinet whose machine is tools/egm-sim in its own process, on socat pseudo-terminals (SAS test
// link, LCUS relay board), its picture the simulator's glass read by ffmpeg like a camera.
const MACHINE = 1;
let stack: TestStack;
let browser: Browser;
let simulated: SimulatedCabinets;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sas-e2e-'));

beforeAll(async () => {
  const file = parseCabinets({ cabinets: [{ machineId: MACHINE, kind: 'simulated', gameMs: 800 }] });
  [browser, simulated] = await Promise.all([launchChromium(), startSimulatedCabinets(file.cabinets, dir)]);
  stack = await startTestStack(undefined, { seed: 'sas-e2e', cabinets: simulated.cabinets });
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await simulated?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The simulator's state, asked on its control channel (tools/egm-sim/README.md "Control channel"). */
function machineControl(command: object = { cmd: 'status' }): Promise<Record<string, any>> {
  const socket = net.connect(simulated.simulators[0]!.control);
  socket.end(`${JSON.stringify(command)}\n`);
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    readline.createInterface({ input: socket }).once('line', (line) => {
      socket.destroy();
      resolve(JSON.parse(line));
    });
  });
}

/**
 * The colour the page's video shows in the middle of each reel on the pay line, decoded from the
 * frame: the glass (4:3) sits in the middle of the band's 16:9 picture, padded at the sides.
 */
function reelColours(page: Page): Promise<number[][] | null> {
  return page.evaluate(() => {
    const video = document.querySelector('video');
    if (!video || video.readyState < 2 || !video.videoWidth) return null;
    const { videoWidth: width, videoHeight: height } = video;
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(video, 0, 0);
    const glassWidth = (height * 4) / 3;
    return [0, 1, 2].map((reel) => {
      const x = Math.round((width - glassWidth) / 2 + ((reel + 0.5) * glassWidth) / 3);
      const { data } = context.getImageData(x - 2, Math.round(height / 2) - 2, 5, 5);
      const mean = [0, 1, 2].map((channel) => {
        let sum = 0;
        for (let i = channel; i < data.length; i += 4) sum += data[i]!;
        return Math.round(sum / 25);
      });
      return mean;
    });
  });
}

/** The symbol whose colour each reel shows, within 50 a channel (VP8 and YUV 4:2:0 move colours a little), or '?'. */
const symbolsOf = (colours: number[][]) =>
  colours.map((colour) => {
    const near = Object.entries(SYMBOL_COLOURS).find(([, rgb]) => rgb.every((value, i) => Math.abs(value - colour[i]!) <= 50));
    return near?.[0] ?? '?';
  });
const symbolsOnTheLine = (stops: number[]) => stops.map((stop) => REEL[stop % REEL.length]);

it('a player joins a simulated SAS cabinet, sees its reels, cashes in, spins and cashes out: wallet, ledger and AFT meters agree', async () => {
  const { platform, agent } = stack;
  const player = await platform.services.players.require('demo');
  const before = await platform.services.ledger.balance(player.id);
  const page = await signedInPage(browser, platform.url);
  await joinFromLobby(page, agent, MACHINE, 'Northern Lights');

  // The picture is the machine's glass: the symbols the simulator stands on, decoded from the video.
  const standing = (await machineControl()).glass.stops as number[];
  await expect
    .poll(async () => symbolsOf((await reelColours(page)) ?? [[0, 0, 0]]), { timeout: 15_000 })
    .toEqual(symbolsOnTheLine(standing));

  await transferHotCoin(page);
  await expect.poll(() => agent.hosts.get(MACHINE)!.state().credit, { timeout: 10_000 }).toBeGreaterThan(0);
  const cashIn = agent.hosts.get(MACHINE)!.state().credit;
  expect(await platform.services.ledger.balance(player.id)).toBe(before - cashIn);
  await closeWallet(page);
  const { meters } = await machineControl();
  expect(meters.aftInCents).toBe(cashIn);

  // Spin: a pulse on the relay board's play channel, a game on the simulator (its stops chosen here:
  // cherry, bell, lemon, one cherry pays the bet back); the reels stand on them after, on the page too.
  const played = meters.gamesPlayed as number;
  const stops = [3, 12, 14];
  expect(symbolsOnTheLine(stops)).not.toEqual(symbolsOnTheLine(standing));
  expect((await machineControl({ cmd: 'forceOutcome', stops })).ok).toBe(true);
  await page.getByRole('button', { name: 'Spin' }).first().click();
  await expect
    .poll(async () => (await machineControl()).meters.gamesPlayed, { timeout: 5_000 })
    .toBe(played + 1)
    .catch(async (error: Error) => {
      // Why no game: how the simulator read the relay's pulse, what it refused, what the agent and the page say.
      const { contacts, refusedGames } = await machineControl();
      const alerts = await page.locator('[role="alert"], [role="status"]').allTextContents();
      throw new Error(
        `${error.message}; the simulator's relay contacts ${JSON.stringify(contacts)}, refused games ${JSON.stringify(refusedGames)}; ` +
          `the agent's seat ${JSON.stringify(agent.hosts.get(MACHINE)!.state())}; the page says ${JSON.stringify(alerts)}`,
      );
    });
  await expect
    .poll(async () => symbolsOf((await reelColours(page)) ?? [[0, 0, 0]]), { timeout: 5_000 })
    .toEqual(['CHERRY', 'BELL', 'LEMON']);
  expect((await machineControl()).glass.stops).toEqual(stops);
  await expect.poll(() => agent.hosts.get(MACHINE)!.state().spins, { timeout: 5_000 }).toBe(played + 1);
  expect(agent.hosts.get(MACHINE)!.state().lastWin).toBe(agent.hosts.get(MACHINE)!.state().bet);

  // Cash out: the whole credit by AFT from the machine to the wallet.
  const kept = (await machineControl()).creditsCents as number;
  await openWallet(page);
  await page.getByRole('button', { name: 'Cash out' }).click();
  await expect.poll(() => platform.services.ledger.balance(player.id), { timeout: 10_000 }).toBe(before - cashIn + kept);
  const final = await machineControl();
  expect({ aftIn: final.meters.aftInCents, aftOut: final.meters.aftOutCents, credits: final.credits }).toEqual({
    aftIn: cashIn,
    aftOut: kept,
    credits: 0,
  });
  // What the machine took and paid in the game is what the wallet lost and won.
  expect(cashIn - kept).toBe(final.meters.coinIn - final.meters.coinOut);
  await expectLedgerSound(platform);
});
