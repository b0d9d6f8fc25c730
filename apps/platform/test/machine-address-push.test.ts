import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusTopics } from '../src/bus/bus.ts';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

/** What the bus carries for machine 4 while `work` runs: the pushes and the address moves, in order. */
async function busDuring(work: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const { bus } = platform.services;
  const stop = [
    bus.subscribe('machine', (push: BusTopics['machine']) => push.id === 4 && seen.push(`machine ${push.status}`)),
    bus.subscribe('machineAddress', ({ id }) => id === 4 && seen.push('machineAddress')),
  ];
  try {
    await work();
    // A Redis bus delivers after the publish: a marker published last arrives after the rest.
    const marker = new Promise<void>((resolve) => {
      const off = bus.subscribe('machineAddress', ({ id }) => id === -4 && (off(), resolve()));
    });
    bus.publish('machineAddress', { id: -4 });
    await marker;
    return seen;
  } finally {
    for (const off of stop) off();
  }
}

const report = (body: object) => platform.call('PUT', '/machine-api/machines/4/status', { token: platform.services.machineApiToken, body });

describe("a machine's address and video (docs/machine-status.md)", () => {
  it('a report that moves the address or the video, status unchanged, tells the instances (connect-src) and pushes no machine status', async () => {
    await report({ status: 'idle' });
    expect(await busDuring(() => report({ status: 'idle', address: 'http://agent-9.example:9000/machines/4' }))).toEqual([
      'machineAddress',
    ]);
    expect(await busDuring(() => report({ status: 'idle', video: 'https://media.example/whep/4' }))).toEqual(['machineAddress']);
    // The same address again: nothing moved, nothing said.
    expect(await busDuring(() => report({ status: 'idle', address: 'http://agent-9.example:9000/machines/4' }))).toEqual([]);
    // A status change with a move says both.
    expect(await busDuring(() => report({ status: 'offline', address: 'http://agent-8.example:9000/machines/4' }))).toEqual([
      'machineAddress',
      'machine offline',
    ]);
  });
});
