type Listener = (...args: never[]) => void;
type Ack = (answer: unknown) => void;

/**
 * A stand-in for a game socket: `sent` records what the client emitted; `reply` answers each event;
 * `push` plays a server push or a connection event.
 */
export function createFakeGameSocket(reply: Record<string, (payload: unknown) => unknown> = {}) {
  const listeners = new Map<string, Listener[]>();
  const sent: { event: string; payload: unknown }[] = [];
  const socket = {
    connected: false,
    disconnected: false,
    sent,
    on(event: string, listener: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return socket;
    },
    emit(event: string, payload: unknown, ack?: Ack) {
      sent.push({ event, payload });
      const answer = reply[event];
      if (answer && ack) queueMicrotask(() => ack(answer(payload)));
      return socket;
    },
    disconnect() {
      socket.connected = false;
      socket.disconnected = true;
      return socket;
    },
    push(event: string, ...args: unknown[]) {
      if (event === 'connect') socket.connected = true;
      if (event === 'disconnect') socket.connected = false;
      for (const listener of listeners.get(event) ?? []) (listener as (...payload: unknown[]) => void)(...args);
    },
  };
  return socket;
}

export type FakeGameSocket = ReturnType<typeof createFakeGameSocket>;

export const sampleState = (over: Record<string, unknown> = {}) => ({
  machineId: 3,
  status: 'playing',
  credit: 5000,
  bet: 100,
  betLevels: [100, 200, 500],
  lastWin: 250,
  reels: [['A', 'B', 'C']],
  autoplay: false,
  spins: 0,
  totalBet: 0,
  totalWon: 0,
  locked: false,
  version: 1,
  ...over,
});

export const joinAnswer = (over: Record<string, unknown> = {}) => ({
  ok: true,
  sessionId: '6f1c2b9e-8a0d-4c1e-9b7a-2d3f4e5a6b7c',
  resumed: false,
  balance: 100000,
  state: sampleState(),
  ...over,
});
