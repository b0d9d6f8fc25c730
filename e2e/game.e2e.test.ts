import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import Fastify from 'fastify';
import { idleCabinetState, VideoFeedHub, whepRoutes, WrtcVideoTransport } from '../apps/machine/src/video/index.ts';
import {
  expectLedgerSound,
  freeSeats,
  launchChromium,
  pollRead,
  signedInPage,
  startTestStack,
  within,
  writeSettings,
  type TestStack,
} from './harness.ts';
import { CLOSE_WALLET, closeWallet, frameFingerprint, joinFromLobby, openWallet, transferHotCoin } from './game-page.ts';

let stack: TestStack;
let browser: Browser;
let demoId: number;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
  demoId = (await stack.platform.services.players.require('demo')).id;
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

// A player who leaves keeps the seat for the reconnect grace period (docs/game-socket.md); each
// journey starts with every seat free, as a returning player would otherwise get the reconnect dialog.
afterEach(async () => {
  await freeSeats(stack.agent);
});

const host = (machineId: number) => stack.agent.hosts.get(machineId)!;
const wallet = (playerId = demoId) => stack.platform.services.ledger.balance(playerId);

const play = (page: Page, machineId: number, name: string) => joinFromLobby(page, stack.agent, machineId, name);

/**
 * Within 15 s the video shows a picture that is not black, and then it changes. A frame read while
 * the element switches streams (a band switch, a re-opened video) is null or black: it counts as
 * nothing yet, and as no change.
 */
async function expectLiveVideo(page: Page): Promise<number> {
  let first: Awaited<ReturnType<typeof frameFingerprint>> = null;
  await expect.poll(async () => (first = await frameFingerprint(page))?.bright ?? 0, { timeout: 15_000 }).toBeGreaterThan(10);
  const seen = first!;
  const hashOfPicture = async () => {
    const now = await frameFingerprint(page);
    return now && now.bright > 10 ? now.hash : seen.hash;
  };
  await expect.poll(hashOfPicture, { timeout: 10_000 }).not.toBe(seen.hash);
  return seen.width;
}

describe('remote play in Chromium', () => {
  it('joins from the lobby, plays live video, transfers a hot coin, spins until the credit changes and cashes out exactly', async () => {
    const before = await wallet();
    const page = await signedInPage(browser, stack.platform.url);
    await play(page, 3, 'Star Crown');
    await expectLiveVideo(page);

    await transferHotCoin(page);
    await expect.poll(() => host(3).state().credit).toBeGreaterThan(0);
    const credited = host(3).state().credit;
    expect(await wallet()).toBe(before - credited);
    await closeWallet(page);

    const spins = host(3).state().spins;
    for (let i = 0; i < 15 && host(3).state().credit === credited; i++) {
      await page.getByRole('button', { name: 'Spin' }).first().click();
      await expect.poll(() => host(3).state().spins).toBeGreaterThan(spins + i);
    }
    const afterSpins = host(3).state();
    expect(afterSpins.credit).not.toBe(credited);

    await openWallet(page);
    await page.getByRole('button', { name: 'Cash out' }).click();
    await expect.poll(() => wallet()).toBe(before - credited + afterSpins.credit);
    await expectLedgerSound(stack.platform);
    const shown = await stack.platform.call('GET', '/player/balance', { token: await stack.platform.login() });
    expect(shown.body.balance).toBe(await wallet());

    await closeWallet(page);
    await page.getByRole('button', { name: 'Leave the game' }).click();
    await page.waitForURL(/\/lobby$/);
    // Cashed out and left on purpose: the seat (taken again after the cash-out, empty) ends at once, not
    // after the 60 s reconnect grace, so Discount does not ask for a cash-out and a reload offers nothing.
    await expect.poll(() => stack.platform.services.play.openSlotSessionsOf(demoId)).toEqual([]);
    const discount = await stack.platform.call('GET', '/player/discount', { token: await stack.platform.login() });
    expect(discount.body.code).not.toBe(40913);
    const shownDigits = async () => (await page.getByTestId('balance-amount').first().textContent(pollRead))?.replace(/\D/g, '');
    await expect.poll(shownDigits).toBe(String(await wallet()));
    await page.context().close();
  });

  it('switches the quality band and keeps playing', async () => {
    const page = await signedInPage(browser, stack.platform.url, 'demo2');
    await play(page, 4, 'Ice Fortune');
    expect(await expectLiveVideo(page)).toBe(1280);
    await page.getByRole('combobox', { name: 'Video quality' }).selectOption('480p');
    await expect.poll(async () => (await frameFingerprint(page))?.width, { timeout: 15_000 }).toBe(854);
    await expectLiveVideo(page);
    await page.getByRole('button', { name: 'Leave the game' }).click();
    await page.waitForURL(/\/lobby$/);
    await page.context().close();
  });

  it("the picture comes back by itself when the machine's video process dies", async () => {
    const page = await signedInPage(browser, stack.platform.url, 'demo2');
    await play(page, 9, 'Coco Wilds');
    await expectLiveVideo(page);
    const pid = stack.agent.video.pid!;
    const starts = stack.agent.video.startCount;
    process.kill(pid, 'SIGKILL');
    // The agent starts a new video process; the page notices the frozen picture and opens the video again.
    await expect.poll(() => stack.agent.video.startCount, { timeout: 10_000 }).toBe(starts + 1);
    await expect.poll(() => stack.agent.video.sessionCount(), { timeout: 20_000 }).toBe(1);
    await expectLiveVideo(page);
    expect(host(9).seatedPlayerId).not.toBeNull();
    await page.getByRole('button', { name: 'Leave the game' }).click();
    await page.waitForURL(/\/lobby$/);
    await page.context().close();
  });

  it('a reload mid-session opens the reconnect dialog, and Continue resumes the same seat with the same credit', async () => {
    const page = await signedInPage(browser, stack.platform.url);
    await play(page, 5, 'Dragon Pearl');
    await transferHotCoin(page);
    await expect.poll(() => host(5).state().credit).toBeGreaterThan(0);
    const credit = host(5).state().credit;
    const session = (await stack.platform.services.play.openSlotSessionOf(5))!.id;

    await page.goto('/lobby');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('button', { name: 'Continue' }).count(), { timeout: 15_000 }).toBe(1);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/game\/5\//);
    await expect.poll(() => host(5).seatSocketId).not.toBeNull();
    expect((await stack.platform.services.play.openSlotSessionOf(5))!.id).toBe(session);
    expect(host(5).state().credit).toBe(credit);
    await page.context().close();
  });

  it('a second player cannot take a held machine', async () => {
    const holder = await signedInPage(browser, stack.platform.url);
    await play(holder, 6, 'Jade Temple');
    const other = await signedInPage(browser, stack.platform.url, 'demo2');
    await expect.poll(() => other.getByTestId('machine-status-6').textContent(pollRead)).not.toMatch(/available|idle/i);
    await other.goto('/game/6/Jade%20Temple');
    await other.waitForURL(/\/lobby$/, { timeout: 15_000 });
    expect(host(6).seatedPlayerId).toBe(demoId);
    await holder.context().close();
    await other.context().close();
  });

  it('Kick the player from another tab removes the first with QUIT_REQUEST', async () => {
    const first = await signedInPage(browser, stack.platform.url);
    await play(first, 7, 'Fire Koi');
    const second = await signedInPage(browser, stack.platform.url);
    const dialog = second.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('button', { name: 'Kick the player' }).count(), { timeout: 15_000 }).toBe(1);
    await dialog.getByRole('button', { name: 'Kick the player' }).click();
    await first.waitForURL(/\/lobby$/, { timeout: 15_000 });
    expect(host(7).seatedPlayerId).toBe(demoId);
    expect(host(7).seatSocketId).toBeNull();
    // The dialog asked the machine (init {id} on its game socket) and says what is true now.
    await expect
      .poll(() => dialog.getByTestId('reconnect-text').textContent(pollRead))
      .toBe('You left Fire Koi while playing. Do you want to reconnect?');
    expect(await dialog.getByRole('button', { name: 'Kick the player' }).count()).toBe(0);
    await first.context().close();
    await second.context().close();
  });

  // The game on a phone (issue 10): nothing the player needs is cut off, held either way (portrait
  // stacks video and controls; sideways puts the controls in a side column). Screenshots kept in
  // test-results/screens/ (not compared).
  it.each([
    ['landscape', { width: 844, height: 390 }],
    ['portrait', { width: 390, height: 844 }],
  ])('on a phone in %s the video, Spin, the leave button and the wallet panel are all on the screen', async (held, viewport) => {
    const page = await signedInPage(browser, stack.platform.url, 'demo', 'demo1234', viewport);
    await play(page, 2, 'Polar Gold');
    // Where the element settles: drawers slide in, so a box read mid-way would be off the screen.
    const settledBox = async (locator: ReturnType<Page['locator']>) => {
      await locator.waitFor();
      let last = JSON.stringify(await locator.boundingBox());
      for (let tries = 0; tries < 40; tries++) {
        await page.waitForTimeout(100);
        const now = JSON.stringify(await locator.boundingBox());
        if (now === last) break;
        last = now;
      }
      return JSON.parse(last) as { x: number; y: number; width: number; height: number };
    };
    const onScreen = async (name: string, locator: ReturnType<Page['locator']>) => {
      const box = await settledBox(locator);
      expect(
        {
          name,
          left: box.x >= -1,
          top: box.y >= -1,
          right: box.x + box.width <= viewport.width + 1,
          bottom: box.y + box.height <= viewport.height + 1,
        },
        JSON.stringify(box),
      ).toEqual({ name, left: true, top: true, right: true, bottom: true });
    };
    await onScreen('video', page.locator('video'));
    await onScreen('Spin', page.getByRole('button', { name: 'Spin', exact: true }));
    await onScreen('leave', page.getByRole('button', { name: 'Leave the game' }).first());
    await openWallet(page);
    await onScreen('wallet panel', page.getByRole('button', { name: CLOSE_WALLET }));
    await onScreen('a hot coin', page.getByRole('button', { name: /^Transfer .* to the machine$/ }).first());
    await onScreen('All in', page.getByRole('button', { name: /^All in/ }));
    await page.screenshot({ path: `test-results/screens/game-phone-${held}.png` });
    await closeWallet(page);
    await page.context().close();
  });

  // SPEC §9 "webcam shown" (docs/video.md "Cabinet camera"): the small picture of the whole cabinet plays
  // in a corner of the video, and no control of the game screen sits under it (or under anything else).
  it.each([
    ['on a desktop', { width: 1440, height: 900 }, 'en', 1, 'Northern Lights'],
    ['on a phone held sideways', { width: 844, height: 390 }, 'en', 10, 'Sunset Reels'],
    ['on a phone held upright, in Arabic', { width: 390, height: 844 }, 'ar', 11, 'Parrot Bay'],
    ['on the narrowest phone, in Arabic', { width: 320, height: 640 }, 'ar', 1, 'Northern Lights'],
  ] as const)(
    'with showWebcam %s the cabinet camera plays and every control is its own at its centre',
    async (_, viewport, language, id, name) => {
      await writeSettings(stack.platform, { showWebcam: true });
      try {
        const page = await signedInPage(browser, stack.platform.url, 'demo', 'demo1234', viewport);
        await page.evaluate((lang) => window.localStorage.setItem('language', lang), language);
        await page.goto(`/game/${id}/${encodeURIComponent(name)}`);
        await expect.poll(() => host(id).seatSocketId, { timeout: 15_000 }).not.toBeNull();
        const camera = page.getByTestId('cabinet-camera');
        await expect
          .poll(() => camera.evaluate((video: HTMLVideoElement) => video.videoWidth, undefined, pollRead).catch(() => 0), {
            timeout: 15_000,
          })
          .toBe(320);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
        const covered = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('button, select, a[href], input')]
            .filter((control) => control.checkVisibility() && control.getBoundingClientRect().width > 0)
            .flatMap((control) => {
              const box = control.getBoundingClientRect();
              const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
              return top && control.contains(top)
                ? []
                : [`${control.getAttribute('aria-label') ?? control.textContent} under ${top?.outerHTML.slice(0, 80)}`];
            }),
        );
        expect(covered).toEqual([]);
        await page.screenshot({ path: `test-results/screens/game-cabinet-camera-${viewport.width}x${viewport.height}-${language}.png` });
        await page.context().close();
      } finally {
        await writeSettings(stack.platform, { showWebcam: false });
      }
    },
  );

  it('a game socket killed in the middle of a transfer loses no money', async () => {
    const before = await wallet();
    const page = await signedInPage(browser, stack.platform.url);
    await play(page, 8, 'Lucky Lantern');
    await transferHotCoin(page);
    await page.context().setOffline(true);
    await page.waitForTimeout(1500);
    await page.context().setOffline(false);
    await expect.poll(() => host(8).seatSocketId, { timeout: 20_000 }).not.toBeNull();
    await expect.poll(async () => host(8).state().credit + (await wallet())).toBe(before);
    await within('the agent gives the seat up (host.cashout)', 20_000, host(8).cashout(null, 'left'));
    expect(await wallet()).toBe(before);
    await page.context().close();
  });

  it('plays a machine whose video is an external WHEP server (a real cabinet behind a media server) the same way', async () => {
    const transport = new WrtcVideoTransport({ feeds: new VideoFeedHub(() => idleCabinetState('External Cabinet')) });
    const external = Fastify();
    await external.register(whepRoutes({ transport, authorize: () => true }), { prefix: '/cabinets' });
    external.addHook('onRequest', async (request, reply) => {
      reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'Location');
      if (request.method === 'OPTIONS')
        return reply
          .header('access-control-allow-headers', 'authorization, content-type')
          .header('access-control-allow-methods', 'POST, DELETE')
          .status(204)
          .send();
    });
    const base = await external.listen({ host: '127.0.0.1', port: 0 });
    try {
      const machine = await stack.platform.services.machines.byId(12);
      await stack.platform.call('PUT', '/machine-api/machines/12/status', {
        token: stack.platform.services.machineApiToken,
        body: { status: machine.status, video: `${base}/cabinets/cab-12/whep` },
      });
      const page = await signedInPage(browser, stack.platform.url, 'demo2');
      await play(page, 12, 'Mango Rush');
      await expectLiveVideo(page);
      expect(transport.sessionCount()).toBe(1);
      await page.context().close();
    } finally {
      await transport.close();
      await external.close();
    }
  });
});
