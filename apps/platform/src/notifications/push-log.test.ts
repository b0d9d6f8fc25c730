import { describe, expect, it } from 'vitest';
import { NotificationEvent } from '@reelcast/protocol';
import { InProcessBus } from '../bus/index.ts';
import { PushLog } from './push-log.ts';

function setUp(options: { keepMs?: number; max?: number } = {}) {
  let now = 1_000_000;
  const bus = new InProcessBus();
  const log = new PushLog({ bus, clock: () => new Date(now), ...options });
  return { bus, log, advance: (ms: number) => (now += ms) };
}

const machine = (id: number, status: 'idle' | 'playing') => ({ id, status, reservation: null });

describe('PushLog: what a socket that connects after its sign-in missed', () => {
  it('gives the pushes since a point, oldest first, only those meant for the player', () => {
    const { bus, log } = setUp();
    bus.publish('machine', machine(1, 'playing'));
    const point = log.point();
    bus.publish('balance', { playerId: 7, balance: 500 });
    bus.publish('balance', { playerId: 8, balance: 900 });
    bus.publish('machine', machine(1, 'idle'));
    bus.publish('chatMessage', {
      chatId: 3,
      senderId: 9,
      recipientId: 7,
      message: { id: 1, who: 9, message: 'hi', time: '2026-11-27T10:00:00.000Z' },
    });
    bus.publish('chatStatus', { playerId: 9, status: 'online', audience: [8] });
    expect(log.since(point, 7)).toEqual([
      { event: NotificationEvent.Balance, payload: { balance: 500 }, to: [7], replay: true },
      { event: NotificationEvent.Machine, payload: machine(1, 'idle'), replay: true },
      expect.objectContaining({ event: NotificationEvent.ChatMessage, payload: expect.objectContaining({ contactId: 9 }), to: [7] }),
    ]);
    expect(log.since(log.point(), 7)).toEqual([]);
  });

  it('keeps no announcement: a jackpot hit or an operator event is not sent again', () => {
    const { bus, log } = setUp();
    const point = log.point();
    bus.publish('operatorEvent', { id: 1, title: 'Happy hour', detail: '' });
    bus.publish('jackpotWin', {
      brandId: 1,
      brand: 'Aurora',
      tier: 1,
      name: 'Grand',
      amount: 100,
      machineId: 1,
      machine: 'M',
      winner: 'd',
      winnerId: 7,
    });
    expect(log.since(point, 7)).toEqual([]);
  });

  it('cannot tell them: another instance’s point, a point from the future, garbage, or pushes no longer kept', () => {
    const { bus, log, advance } = setUp({ keepMs: 60_000, max: 3 });
    const point = log.point();
    expect(log.since(`ffffffff.0`, 7)).toBeNull();
    expect(log.since(`${point.split('.')[0]}.99`, 7)).toBeNull();
    expect(log.since('1; DROP', 7)).toBeNull();
    expect(log.since(undefined, 7)).toBeNull();
    // More pushes than it keeps: the first one after the point is gone.
    for (let id = 1; id <= 4; id++) bus.publish('machine', machine(id, 'playing'));
    expect(log.since(point, 7)).toBeNull();
    const recent = log.point();
    bus.publish('machine', machine(5, 'playing'));
    expect(log.since(recent, 7)).toHaveLength(1);
    // Older than it keeps.
    advance(60_001);
    expect(log.since(recent, 7)).toBeNull();
  });

  it('nothing sent since a point is an answer however old the point: the page has everything', () => {
    const { log, advance } = setUp({ keepMs: 60_000 });
    const point = log.point();
    advance(10 * 60_000);
    expect(log.since(point, 7)).toEqual([]);
  });
});
