import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iceServersAnswer } from '@reelcast/protocol';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { startTurnServer, type TurnServer } from './turn-server.ts';

/**
 * The credentials GET /player/ice-servers hands out, tried on a real coturn (Debian's `coturn`, which
 * `.ci/run` installs for the deploy test) configured as docs/video.md "TURN" says (`use-auth-secret`,
 * `static-auth-secret`): coturn's own client allocates a relay with them, and coturn refuses an altered
 * or expired one. This checks the format coturn expects, not just our HMAC.
 */

const run = promisify(execFile);
const secret = randomBytes(16).toString('hex');

let platform: TestPlatform;
let turn: TurnServer;
let port: number;

beforeAll(async () => {
  turn = await startTurnServer({ address: '127.0.0.1', secret, relayPorts: [49160, 49400] });
  port = turn.port;
  platform = await startTestPlatform({ turnUrls: [`turn:127.0.0.1:${port}?transport=udp`], turnSecret: secret, turnTtlSeconds: 60 });
});
afterAll(async () => {
  turn?.stop();
  await platform?.stop();
});

/** coturn's test client: allocates a relay with these credentials and sends one message through it. */
async function allocate(username: string, credential: string): Promise<boolean> {
  try {
    await run(
      'turnutils_uclient',
      ['-p', String(port), '-u', username, '-w', credential, '-n', '1', '-m', '1', '-y', '-e', '127.0.0.1', '127.0.0.1'],
      {
        timeout: 15_000,
      },
    );
    return true;
  } catch {
    return false;
  }
}

async function turnEntry() {
  const token = await platform.login();
  const answer = await platform.call('GET', '/player/ice-servers', { token });
  expect(answer.status).toBe(200);
  const entry = iceServersAnswer.parse(answer.body).iceServers.at(-1)!;
  expect(entry.urls).toEqual([`turn:127.0.0.1:${port}?transport=udp`]);
  return { username: entry.username!, credential: entry.credential! };
}

describe('TURN credentials on coturn (use-auth-secret)', () => {
  it('coturn allocates a relay with the credential the platform handed out', async () => {
    const { username, credential } = await turnEntry();
    expect(await allocate(username, credential)).toBe(true);
  });

  it('coturn refuses an altered credential, and another player id under the same credential', async () => {
    const { username, credential } = await turnEntry();
    const altered = (credential[0] === 'A' ? 'B' : 'A') + credential.slice(1);
    expect(await allocate(username, altered)).toBe(false);
    expect(await allocate(username.replace(/:\d+$/, ':999999'), credential)).toBe(false);
  });

  it('coturn refuses a credential once its expiry has passed', async () => {
    // Handed out "two minutes ago" with a 60 s life: expired now.
    platform.clock.advanceMinutes(-2);
    const { username, credential } = await turnEntry();
    platform.clock.advanceMinutes(2);
    expect(Number(username.split(':')[0])).toBeLessThan(Date.now() / 1000);
    expect(await allocate(username, credential)).toBe(false);
  });
});
