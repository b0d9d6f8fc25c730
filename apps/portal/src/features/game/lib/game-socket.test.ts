import { describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '@/shared/i18n/i18n';
import { useToastStore } from '@/shared/toasts/toast-store';
import { createFakeGameSocket, joinAnswer, sampleState } from '@/test/fake-game-socket';
import { COUNTDOWN_AUTOHIDE_MS, COUNTDOWN_TOAST_ID, startGameConnection, type GameConnectionOptions } from './game-socket';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(reply: Record<string, (payload: unknown) => unknown> = {}) {
  const socket = createFakeGameSocket({ init: () => joinAnswer(), cashout: () => ({ ok: true, amount: 0, balance: 0 }), ...reply });
  const options = {
    socket,
    machineId: 3,
    token: 'tok',
    t: i18n.t,
    formatMoney: (minor: number) => (minor / 100).toFixed(2),
    onJoined: vi.fn(),
    onState: vi.fn(),
    onBalance: vi.fn(),
    onConnection: vi.fn(),
    leave: vi.fn(),
  } satisfies GameConnectionOptions;
  const session = startGameConnection(options);
  return { socket, options, session };
}

const toasts = () => useToastStore.getState().toasts;

describe('game socket session', () => {
  it('joins with init {machineID, token} on connect and passes the answer on', async () => {
    const { socket, options } = start();
    socket.push('connect');
    await flush();
    expect(socket.sent[0]).toEqual({ event: 'init', payload: { machineID: 3, token: 'tok' } });
    expect(options.onConnection).toHaveBeenLastCalledWith('connected');
    expect(options.onState).toHaveBeenCalledWith(expect.objectContaining({ credit: 5000 }));
    expect(options.onBalance).toHaveBeenCalledWith(100000);
  });

  it('an init error shows the translated code and leaves', async () => {
    const { socket, options } = start({ init: () => ({ ok: false, code: 40900, ErrorMessage: 'busy' }) });
    socket.push('connect');
    await flush();
    expect(toasts()[0]).toMatchObject({ message: 'The machine is being played by someone else.', severity: 'error' });
    expect(options.leave).toHaveBeenCalledOnce();
  });

  it('an unknown code shows the server ErrorMessage', async () => {
    const { socket } = start({ init: () => ({ ok: false, code: 12345, ErrorMessage: 'Machine is resting.' }) });
    socket.push('connect');
    await flush();
    expect(toasts()[0]?.message).toBe('Machine is resting.');
  });

  it('shows Connection Lost while reconnecting and sends init again on reconnect', async () => {
    const { socket, options } = start();
    socket.push('connect');
    await flush();
    socket.push('disconnect', 'transport close');
    expect(options.onConnection).toHaveBeenLastCalledWith('reconnecting');
    socket.push('connect');
    await flush();
    expect(socket.sent.filter((sent) => sent.event === 'init')).toHaveLength(2);
    expect(options.onConnection).toHaveBeenLastCalledWith('connected');
  });

  it('state and balance pushes reach the store and the wallet cache', () => {
    const { socket, options } = start();
    socket.push('state', sampleState({ credit: 777 }));
    socket.push('balance', { balance: 4321 });
    socket.push('balance', { balance: 'lots' });
    expect(options.onState).toHaveBeenCalledWith(expect.objectContaining({ credit: 777 }));
    expect(options.onBalance).toHaveBeenCalledTimes(1);
    expect(options.onBalance).toHaveBeenCalledWith(4321);
  });

  it('the close warning countdown is one toast with a fixed id, first shown at 10', () => {
    const { socket } = start();
    socket.push('info', { type: 'SESSION_CLOSE_WARNING', code: 18800, count: 9 });
    expect(toasts()).toEqual([]);
    socket.push('info', { type: 'SESSION_CLOSE_WARNING', code: 18800, count: 10 });
    expect(toasts()).toEqual([
      expect.objectContaining({
        id: COUNTDOWN_TOAST_ID,
        message: '10 seconds left to deposit funds',
        autoHideDuration: COUNTDOWN_AUTOHIDE_MS,
      }),
    ]);
    socket.push('info', { type: 'SESSION_CLOSE_WARNING', code: 18800, count: 9 });
    expect(toasts()).toEqual([expect.objectContaining({ id: COUNTDOWN_TOAST_ID, message: '9 seconds left to deposit funds' })]);
    socket.push('info', { type: 'SESSION_CLOSE_WARNING', code: 18802, count: 8 });
    expect(toasts()).toEqual([expect.objectContaining({ id: COUNTDOWN_TOAST_ID, message: '8 seconds left to continue' })]);
    expect(COUNTDOWN_AUTOHIDE_MS).toBe(10000);
  });

  it('counts down to one second, singular', () => {
    const { socket } = start();
    for (const count of [10, 2, 1]) socket.push('info', { type: 'SESSION_CLOSE_WARNING', code: 18800, count });
    expect(toasts()).toEqual([expect.objectContaining({ id: COUNTDOWN_TOAST_ID, message: '1 second left to deposit funds' })]);
    socket.push('info', { type: 'SESSION_CLOSE_WARNING', code: 18802, count: 1 });
    expect(toasts()[0]?.message).toBe('1 second left to continue');
  });

  it('counts down in Arabic with its six plural forms', async () => {
    await initI18n('ar');
    const { socket } = start();
    const shown = [10, 11, 100, 2, 1].map((count) => {
      socket.push('info', { type: 'SESSION_CLOSE_WARNING', code: 18800, count });
      return toasts()[0]?.message;
    });
    expect(shown).toEqual([
      '10 ثوانٍ متبقية لإيداع الأموال',
      '11 ثانية متبقية لإيداع الأموال',
      '100 ثانية متبقية لإيداع الأموال',
      'ثانيتان متبقيتان لإيداع الأموال',
      'ثانية واحدة متبقية لإيداع الأموال',
    ]);
  });

  it('QUIT_REQUEST tells the player they were removed, then leaves', () => {
    const { socket, options } = start();
    socket.push('info', { type: 'QUIT_REQUEST', message: 'The game was opened on another device.' });
    expect(toasts()[0]).toMatchObject({ message: 'You were removed from the game.', severity: 'info' });
    expect(options.leave).toHaveBeenCalledOnce();
  });

  it('CLOSE_SESSION sends cashout {}, leaves and shows the 18801 error', () => {
    const { socket, options } = start();
    socket.push('info', { type: 'CLOSE_SESSION', code: 18801 });
    expect(socket.sent).toContainEqual({ event: 'cashout', payload: {} });
    expect(options.leave).toHaveBeenCalledOnce();
    expect(toasts()[0]).toMatchObject({ message: 'Session is being terminated.', severity: 'error' });
  });

  it("JACKPOT shows the win in the player's language, not in English (issue 24)", async () => {
    await initI18n('tr');
    const { socket } = start();
    socket.push('info', { type: 'JACKPOT', amount: 500000 });
    expect(toasts()[0]).toMatchObject({ message: 'BÜYÜK İKRAMİYE! 5000.00', severity: 'success' });
    await initI18n('ar');
    socket.push('info', { type: 'JACKPOT', amount: 500000 });
    expect(toasts().map((toast) => toast.message)).toContain('الجائزة الكبرى! 5000.00');
  });

  it('HAND_PAY shows the amount', () => {
    const { socket } = start();
    socket.push('info', { type: 'HAND_PAY', amount: 250000 });
    expect(toasts()[0]?.message).toBe('Hand pay: 2500.00');
  });

  it("leave sends leave {}, hands its answer's wallet balance on, then disconnects and ignores later pushes", async () => {
    const { socket, session, options } = start({ leave: () => ({ ok: true, ended: true, balance: 4321 }) });
    socket.push('connect');
    await flush();
    const leaving = session.leave();
    socket.push('info', { type: 'QUIT_REQUEST' });
    await leaving;
    expect(socket.sent.at(-1)).toEqual({ event: 'leave', payload: {} });
    expect(options.onBalance).toHaveBeenLastCalledWith(4321);
    expect(socket.disconnected).toBe(true);
    expect(options.leave).not.toHaveBeenCalled();
  });

  it('leave while the connection is lost sends nothing and just closes (the machine keeps the seat for its grace)', async () => {
    const { socket, session } = start();
    socket.push('connect');
    await flush();
    socket.push('disconnect', 'transport close');
    await session.leave();
    expect(socket.sent.map((sent) => sent.event)).toEqual(['init']);
    expect(socket.disconnected).toBe(true);
  });
});
