import { expect, it } from 'vitest';
import { ErrorCode } from '@reelcast/protocol';
import { PlatformRefusal } from './platform-client.ts';
import { fakeHostPlatform, recordingChannel, testHost } from './host-test-helpers.ts';

it("Kick the player is answered once the seat waits for its player, even behind a transfer still with the platform (the reconnect dialog's look then sees waiting)", async () => {
  let refuse: (error: Error) => void = () => {};
  let reached: () => void = () => {};
  const atPlatform = new Promise<void>((resolve) => (reached = resolve));
  const { platform } = fakeHostPlatform(100_000, {
    reserveCashIn: () => {
      reached();
      return new Promise((_resolve, reject) => (refuse = reject));
    },
  });
  const { channel, dropped } = recordingChannel();
  const host = testHost(platform, channel);
  await host.join('phone', 'token');
  const transfer = host.transfer('phone', 500, 'slow-transfer');
  await atPlatform;

  const kicked = host.kick(7);
  expect(dropped.get('phone')).toMatchObject({ type: 'QUIT_REQUEST' });
  refuse(new PlatformRefusal(409, ErrorCode.InsufficientFunds, 'no money'));
  expect(await kicked).toBe(true);
  expect(host.state().status).toBe('waiting');
  expect(host.seatedPlayerId).toBe(7);
  expect(await transfer).toMatchObject({ ok: false, code: ErrorCode.InsufficientFunds });
  host.stop();
});
