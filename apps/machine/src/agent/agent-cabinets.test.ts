import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { joinAck } from '@reelcast/protocol';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { startSimulator, type Simulator } from '../cabinet/sas-cabinet/egm-sim-test-helpers.ts';
import { fundedPlayer, openGameSocket, sendAck, startTestAgent } from './agent-test-helpers.ts';
import type { RunningAgent } from './agent.ts';
import { wrtc } from '../video/wrtc.ts';

let platform: TestPlatform;
let simulated: Simulator;
let filmed: Simulator;
let late: Simulator;
let agent: RunningAgent;
/** Where machine 1's cabinets-file entry says its SAS port is: nothing there when the agent starts. */
const missingPort = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agent-cabinets-')), 'ttyUSB9');
const errors: { machine?: number; field?: string | null; retryInMs?: number; msg: string }[] = [];

beforeAll(async () => {
  platform = await startTestPlatform();
  simulated = await startSimulator({ seed: 'agent-cabinets' });
  filmed = await startSimulator({ seed: 'agent-cabinets-camera' });
  late = await startSimulator({ seed: 'agent-cabinets-late' });
  // The cabinets file's entries: machine 2 is a SAS cabinet on the simulator, machine 3 the emulator.
  agent = await startTestAgent(platform, {
    seed: 'cabinets',
    cabinetRetry: { firstMs: 200, maxMs: 800 },
    logger: { level: 'error', stream: { write: (line: string) => errors.push(JSON.parse(line)) } },
    cabinets: [
      // A SAS cabinet whose serial device is not there (a wrong path, an adapter not plugged in yet).
      { machineId: 1, kind: 'sas', ...late.settings, link: { kind: 'test', device: missingPort } },
      { machineId: 2, kind: 'sas', ...simulated.settings },
      { machineId: 3, kind: 'emulated' },
      // A SAS cabinet whose camera is ffmpeg's test colour (docs/video.md "A camera as the picture").
      {
        machineId: 4,
        kind: 'sas',
        ...filmed.settings,
        video: { input: 'color=c=0x2050C0:size=1280x720:rate=30', format: 'lavfi', realtime: true },
      },
    ],
  });
});
afterAll(async () => {
  await agent?.close();
  await simulated?.close();
  await filmed?.close();
  await late?.close();
  fs.rmSync(path.dirname(missingPort), { recursive: true, force: true });
  await platform?.stop();
});

it('hosts the others when one SAS cabinet does not open, shows it offline, names its field and opens it once it can', async () => {
  expect([...agent.hosts.keys()].sort()).toEqual([2, 3, 4]);
  expect((await platform.services.machines.byId(1)).status).toBe('offline');
  expect(errors[0]).toMatchObject({ machine: 1, field: 'link.device', retryInMs: 200 });
  expect(errors[0]!.msg).toContain(`machine 1: its cabinet`);
  expect(errors[0]!.msg).toContain(`link.device "${missingPort}" did not open`);
  // Tried again with a growing wait, each time said.
  await vi.waitFor(() => expect(errors.map((error) => error.retryInMs).slice(0, 4)).toEqual([200, 400, 800, 800]), { timeout: 5_000 });

  // The adapter is plugged in: the next try opens the cabinet, and the machine joins the lobby.
  fs.symlinkSync(late.settings.link.device, missingPort);
  await vi.waitFor(() => expect(agent.hosts.has(1)).toBe(true), { timeout: 5_000 });
  expect((await platform.services.machines.byId(1)).status).toBe('idle');
  const tries = errors.length;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(errors).toHaveLength(tries);
});

it('hosts the machines the cabinets file names, a SAS cabinet among them, played over the game socket to the kuruş', async () => {
  expect([agent.hosts.get(2)!.video, agent.hosts.get(3)!.video, agent.hosts.get(4)!.video.kind]).toEqual([
    { kind: 'none' },
    { kind: 'rendered' },
    'capture',
  ]);
  expect((await platform.services.machines.byId(2)).status).toBe('idle');

  const player = await fundedPlayer(platform, 'floor', 100_000);
  const socket = await openGameSocket(agent.url, 2);
  expect(joinAck.parse(await sendAck(socket, 'init', { machineID: 2, token: player.token })).state.status).toBe('playing');
  expect(await sendAck(socket, 'transfer', { amount: 5_000, transferId: 'floor-cash-in-1' })).toMatchObject({ ok: true, credit: 5_000 });
  const host = agent.hosts.get(2)!;
  const played = host.state().spins;
  expect(await sendAck(socket, 'press', { button: 'SPIN' })).toMatchObject({ ok: true });
  // The game's end comes from the machine: its meters give the games played and the credit after it.
  await vi.waitFor(() => expect(host.state().spins).toBe(played + 1), { timeout: 5_000 });
  const kept = host.state().credit;

  expect(await sendAck(socket, 'cashout', {})).toMatchObject({ ok: true, amount: kept });
  expect(await platform.services.ledger.balance(player.id)).toBe(100_000 - 5_000 + kept);
  const { meters, credits } = simulated.simulator.control({ cmd: 'status' }) as Record<string, any>;
  expect({ aftIn: meters.aftInCents, aftOut: meters.aftOutCents, credits }).toEqual({ aftIn: 5_000, aftOut: kept, credits: 0 });
  socket.close();
});

it("shows a SAS cabinet's camera to its seated player: the capture input, coded once, over WHEP", async () => {
  const player = await fundedPlayer(platform, 'camera', 100_000);
  // The platform lists the machine with its video endpoint; a cabinet without a camera has none.
  expect((await platform.services.machines.byId(4)).video).toMatch(/\/machines\/4\/whep$/);
  expect((await platform.services.machines.byId(2)).video).toBeNull();
  const socket = await openGameSocket(agent.url, 4);
  expect(joinAck.parse(await sendAck(socket, 'init', { machineID: 4, token: player.token })).state.status).toBe('playing');

  const pc = new wrtc.RTCPeerConnection();
  pc.addTransceiver('video', { direction: 'recvonly' });
  const seen = { frames: 0, luma: 0, width: 0 };
  type Frame = { width: number; height: number; data: Uint8Array };
  const Sink = (
    wrtc.nonstandard as unknown as {
      RTCVideoSink: new (track: MediaStreamTrack) => { onframe: (e: { frame: Frame }) => void; stop(): void };
    }
  ).RTCVideoSink;
  let sink: InstanceType<typeof Sink> | undefined;
  pc.ontrack = (event) => {
    sink = new Sink(event.track);
    sink.onframe = ({ frame }) => {
      seen.frames++;
      seen.width = frame.width;
      seen.luma = frame.data[(frame.height / 2) * frame.width + frame.width / 2]!;
    };
  };
  await pc.setLocalDescription(await pc.createOffer());
  const answer = await fetch(`${agent.url}/machines/4/whep?band=480p`, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp', authorization: `Bearer ${player.token}` },
    body: pc.localDescription!.sdp,
  });
  expect(answer.status).toBe(201);
  await pc.setRemoteDescription({ type: 'answer', sdp: await answer.text() });
  await vi.waitFor(() => expect(seen.frames).toBeGreaterThanOrEqual(10), { timeout: 15_000 });
  expect(seen.width).toBe(854);
  // 0x2050C0, the test colour: luma ≈ 83 (BT.601), coded and decoded within a few steps.
  expect(seen.luma).toBeGreaterThan(70);
  expect(seen.luma).toBeLessThan(95);
  // No drawn cabinet camera for a filmed cabinet.
  const camera = await fetch(`${agent.url}/machines/4/whep?camera=cabinet`, {
    method: 'POST',
    headers: { 'content-type': 'application/sdp', authorization: `Bearer ${player.token}` },
    body: pc.localDescription!.sdp,
  });
  expect(camera.status).toBe(404);
  sink?.stop();
  pc.close();
  socket.close();
});
