import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startMachineAgent, type RunningAgent } from '../apps/machine/src/agent/agent.ts';
import { startTurnServer, type TurnServer } from '../apps/platform/test/turn-server.ts';
import { englishPage, launchChromium, signIn, startTestPlatform, writeSettings, type TestPlatform } from './harness.ts';

/**
 * The game's video through TURN only (docs/video.md "TURN"): a local coturn with `use-auth-secret`, the
 * platform with TURN_URLS / TURN_SECRET, Settings.json `iceTransportPolicy: 'relay'` and no other ICE
 * server. The page's peer connection gets the TURN credential from GET /player/ice-servers, the picture
 * plays, and the pair it plays over is a relay one. Needs Debian's coturn (`turnserver`).
 */

const secret = randomBytes(16).toString('hex');
/**
 * Chromium sends from its network interfaces' addresses, never loopback's: coturn listens on this box's
 * first non-loopback IPv4 address (a CI box has one), and relays to the agent's candidates from it.
 */
const boxAddress =
  Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? '127.0.0.1';
let platform: TestPlatform;
let agent: RunningAgent;
let browser: Browser;
let turn: TurnServer;

beforeAll(async () => {
  turn = await startTurnServer({ address: boxAddress, secret, relayPorts: [49410, 49600], verbose: true });
  platform = await startTestPlatform({ turnUrls: [`turn:${boxAddress}:${turn.port}?transport=udp`], turnSecret: secret });
  agent = await startMachineAgent({
    platformUrl: platform.url,
    serviceToken: platform.services.machineApiToken,
    port: 0,
    host: '127.0.0.1',
    dataDir: platform.config.dataDir,
    seed: 'e2e',
    allowedOrigins: [new URL(platform.url).origin],
  });
  browser = await launchChromium();
  await writeSettings(platform, { iceTransportPolicy: 'relay', iceServers: [] });
});
afterAll(async () => {
  await browser?.close();
  await agent?.close();
  await platform?.stop();
  turn?.stop();
});

describe('game video through TURN relay only', () => {
  it('plays with relay candidates only, on the credential GET /player/ice-servers handed out', async () => {
    // The page's connect-src lists the machines' reported addresses from a list the platform keeps up to
    // 5 s; an agent's first report changes no status (idle → idle), so no push renews the list at once:
    // the page is opened once the policy names the agent (else its socket and WHEP calls are refused).
    const agentOrigin = new URL(agent.url).origin;
    await expect
      .poll(
        async () =>
          (await fetch(`${platform.url}/login`, { headers: { accept: 'text/html' } })).headers.get('content-security-policy') ?? '',
        {
          timeout: 15_000,
        },
      )
      .toContain(agentOrigin);
    const { page } = await englishPage(browser, platform.url);
    // Every peer connection the page makes, with the configuration it was given.
    await page.addInitScript(() => {
      const Original = window.RTCPeerConnection;
      const made: { pc: RTCPeerConnection; config: RTCConfiguration }[] = [];
      (window as unknown as { __pcs: typeof made }).__pcs = made;
      window.RTCPeerConnection = class extends Original {
        constructor(config: RTCConfiguration = {}) {
          super(config);
          made.push({ pc: this, config });
        }
      };
    });
    const whep: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/whep')) whep.push(`${response.request().method()} ${response.status()}`);
    });
    page.on('console', (message) => whep.push(`console ${message.type()}: ${message.text()}`));
    const iceAnswer = page.waitForResponse((response) => response.url().endsWith('/player/ice-servers'));
    await page.goto('/login');
    await signIn(page);
    await page.waitForURL(/\/lobby$/);
    expect((await iceAnswer).status()).toBe(200);
    await page
      .getByRole('button', { name: 'Play Star Crown' })
      .or(page.getByRole('link', { name: 'Play Star Crown' }))
      .first()
      .click();
    await page.waitForURL(/\/game\//);

    // The picture plays: frames are decoded on the page's peer connection.
    const decoded = () =>
      page.evaluate(async () => {
        const { pc } = (window as unknown as { __pcs: { pc: RTCPeerConnection }[] }).__pcs.at(-1) ?? {};
        if (!pc) return 0;
        let frames = 0;
        (await pc.getStats()).forEach((r: { type?: string; kind?: string; framesDecoded?: number }) => {
          if (r.type === 'inbound-rtp' && r.kind === 'video') frames = r.framesDecoded ?? 0;
        });
        return frames;
      });
    try {
      await expect.poll(decoded, { timeout: 20_000 }).toBeGreaterThan(10);
    } catch (error) {
      const stats = await page.evaluate(async () => {
        const { pc } = (window as unknown as { __pcs: { pc: RTCPeerConnection }[] }).__pcs.at(-1) ?? {};
        const out: unknown[] = [];
        if (pc) (await pc.getStats()).forEach((r: Record<string, unknown>) => out.push(r));
        return out.filter((r) => /candidate|transport/.test(String((r as { type?: string }).type)));
      });
      throw new Error(
        `No frames decoded at ${page.url()}; WHEP ${whep.join(' | ')}; pcs ${await page.evaluate(() => (window as unknown as { __pcs: unknown[] }).__pcs.length)}. Peer connection: ${JSON.stringify(stats)}\ncoturn's log:\n${turn.log().slice(-4000)}`,
        {
          cause: error,
        },
      );
    }

    const seen = await page.evaluate(async () => {
      const { pc, config } = (window as unknown as { __pcs: { pc: RTCPeerConnection; config: RTCConfiguration }[] }).__pcs.at(-1)!;
      const stats = new Map<string, Record<string, unknown>>();
      (await pc.getStats()).forEach((r: Record<string, unknown>) => stats.set(r.id as string, r));
      const transport = [...stats.values()].find((r) => r.type === 'transport');
      const pair = stats.get(transport?.selectedCandidatePairId as string);
      const local = stats.get(pair?.localCandidateId as string);
      return {
        policy: config.iceTransportPolicy,
        urls: (config.iceServers ?? []).map((s) => s.urls),
        username: (config.iceServers ?? []).at(-1)?.username,
        localType: local?.candidateType,
      };
    });
    expect(seen.policy).toBe('relay');
    expect(seen.urls).toHaveLength(1);
    expect(seen.username).toMatch(/^\d{10}:\d+$/);
    expect(seen.localType).toBe('relay');
    await page.context().close();
  });
});
