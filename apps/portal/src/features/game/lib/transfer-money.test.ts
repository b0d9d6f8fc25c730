import { describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n/i18n';
import { createFakeGameSocket, sampleState } from '@/test/fake-game-socket';
import { startGameConnection } from './game-socket';
import { transferMoney } from './transfer-money';

function session() {
  const socket = createFakeGameSocket({
    press: () => ({ ok: true, state: sampleState({ autoplay: false }) }),
    transfer: (payload) => ({ ok: true, transferId: (payload as { transferId: string }).transferId, credit: 10500, balance: 89500 }),
  });
  const noop = () => {};
  const game = startGameConnection({
    socket,
    machineId: 3,
    token: 'tok',
    t: i18n.t,
    formatMoney: String,
    onJoined: noop,
    onState: noop,
    onBalance: noop,
    onConnection: noop,
    leave: noop,
  });
  return { socket, game };
}

describe('money transfer', () => {
  it('clears autoplay first: AUTOPLAY is pressed off before the transfer', async () => {
    const { socket, game } = session();
    const ack = await transferMoney(game, 5000, true);
    expect(ack.ok).toBe(true);
    expect(socket.sent.map((sent) => sent.event)).toEqual(['press', 'transfer']);
    expect(socket.sent[0]?.payload).toEqual({ button: 'AUTOPLAY' });
    const transfer = socket.sent[1]?.payload as { amount: number; transferId: string };
    expect(transfer.amount).toBe(5000);
    expect(transfer.transferId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not touch autoplay when it is off', async () => {
    const { socket, game } = session();
    await transferMoney(game, 500, false);
    expect(socket.sent.map((sent) => sent.event)).toEqual(['transfer']);
  });
});
