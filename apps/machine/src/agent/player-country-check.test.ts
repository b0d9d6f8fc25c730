import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { defaultSettings, ErrorCode, errorMessages } from '@reelcast/protocol';
import { addressesIn, addressIn, countryRefusals, startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { startTestAgent } from './agent-test-helpers.ts';
import type { RunningAgent } from './agent.ts';

/**
 * The country check (docs/ip-check.md) at the seat, through a real agent: the agent reports the address
 * its player connects from, and the platform refuses a country outside PERMITTED_COUNTRIES (10703,
 * audited). The platform's own side is tested in apps/platform/test/ip-check.test.ts.
 */

const TR = addressIn('TR');
const DE = addressIn('DE');
const REFUSED = { code: ErrorCode.IpNotPermitted, ErrorMessage: errorMessages[ErrorCode.IpNotPermitted] };
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('behind a trusted proxy on loopback (TRUST_PROXY=true), PERMITTED_COUNTRIES=TR,DE', () => {
  let platform: TestPlatform;
  let settingsFile: string;
  beforeAll(async () => {
    // The check is on from the start, so the platform loads the database before it listens.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-check-settings-'));
    settingsFile = path.join(dir, 'Settings.json');
    fs.writeFileSync(settingsFile, JSON.stringify({ ...defaultSettings, ipCheck: true }));
    platform = await startTestPlatform({ trustProxy: ['loopback'], permittedCountries: ['TR', 'DE'], settingsFile });
  });
  afterAll(async () => {
    await platform?.stop();
    fs.rmSync(path.dirname(settingsFile), { recursive: true, force: true });
  });

  describe('through a real machine agent behind the same proxy (its TRUST_PROXY=true)', () => {
    let agent: RunningAgent;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      agent = await startTestAgent(platform, { seed: 'ip-check', machineIds: [9], trustProxy: ['loopback'] });
    });
    afterAll(async () => {
      sockets.forEach((s) => s.close());
      await agent?.close();
    });

    async function join(forwardedFor: string, token: string) {
      const socket = connectSocket(`${agent.url}/machines/9`, {
        transports: ['websocket'],
        reconnection: false,
        extraHeaders: from(forwardedFor),
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const ack = await socket.timeout(10_000).emitWithAck('init', { machineID: 9, token });
      return { socket, ack: ack as { ok: boolean; code?: number; ErrorMessage?: string } };
    }

    it('answers the player 10703 with its message from a blocked country, and seats them from a permitted one', async () => {
      const token = (
        await platform.call('POST', '/login', { body: { username: 'demo', password: 'demo1234', site_id: 1 }, headers: from(TR) })
      ).body.token as string;
      const ip = addressesIn('JP', 4, 8)[7]!;
      const refused = await join(ip, token);
      expect(refused.ack).toEqual({ ok: false, ...REFUSED });
      expect(await countryRefusals(platform, ip)).toEqual([
        expect.objectContaining({
          username: 'demo',
          detail: { reason: 'country', country: 'JP', route: 'POST /machine-api/machines/:id/seat' },
        }),
      ]);
      expect((await platform.services.machines.byId(9)).status).toBe('idle');

      const seated = await join(DE, token);
      expect(seated.ack, JSON.stringify(seated.ack)).toMatchObject({ ok: true });
      expect((await platform.services.machines.byId(9)).status).toBe('playing');
    });
  });
});
