import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { wrtc } from '../video/wrtc.ts';
import { fundedPlayer, openGameSocket, sendAck, startTestAgent } from './agent-test-helpers.ts';
import type { RunningAgent } from './agent.ts';

/** The machine agent's GET /metrics (docs/operations.md "Metrics"): its video sessions and game sockets, for the token only. */
const token = 'scrape-token-of-the-machine-agent';
let platform: TestPlatform;
let agent: RunningAgent;
let closed: RunningAgent;
beforeAll(async () => {
  platform = await startTestPlatform();
  [agent, closed] = await Promise.all([
    startTestAgent(platform, { seed: 'metrics', machineIds: [1], metricsToken: token }),
    startTestAgent(platform, { seed: 'metrics', machineIds: [2] }),
  ]);
});
afterAll(async () => {
  await Promise.all([agent?.close(), closed?.close()]);
  await platform?.stop();
});

const scrape = (on: RunningAgent, bearer?: string) =>
  fetch(`${on.url}/metrics`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);

describe("the agent's /metrics", () => {
  it('is there only with METRICS_TOKEN, and only for a scrape that sends it', async () => {
    expect((await scrape(closed, token)).status).toBe(404);
    const none = await scrape(agent);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await scrape(agent, `${token}x`)).status).toBe(401);
    expect((await scrape(agent, token)).status).toBe(200);
  });

  it("counts the seated player's game socket and video session while they are open", async () => {
    const before = await (await scrape(agent, token)).text();
    expect([gauge(before, 'reelcast_video_sessions'), gauge(before, 'reelcast_game_sockets')]).toEqual([0, 0]);

    const player = await fundedPlayer(platform, 'metricsviewer');
    const socket = await openGameSocket(agent.url, 1);
    const joined = await sendAck(socket, 'init', { machineID: 1, token: player.token });
    expect(joined.ok, JSON.stringify(joined)).toBe(true);
    const pc = new wrtc.RTCPeerConnection();
    pc.addTransceiver('video', { direction: 'recvonly' });
    await pc.setLocalDescription(await pc.createOffer());
    const offer = await fetch(`${agent.url}/machines/1/whep?band=360p`, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', authorization: `Bearer ${player.token}` },
      body: pc.localDescription!.sdp,
    });
    expect(offer.status).toBe(201);
    const during = await (await scrape(agent, token)).text();
    expect([gauge(during, 'reelcast_video_sessions'), gauge(during, 'reelcast_game_sockets')]).toEqual([1, 1]);

    await fetch(`${agent.url}${offer.headers.get('location')!}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${player.token}` },
    });
    pc.close();
    socket.close();
    await expect.poll(async () => gauge(await (await scrape(agent, token)).text(), 'reelcast_video_sessions')).toBe(0);
  });
});
