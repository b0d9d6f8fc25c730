import type { TFunction } from 'i18next';
import {
  cashoutAck,
  ErrorCode,
  gameError,
  GameEvent,
  gameState,
  infoPush,
  joinAck,
  leaveAck,
  presentAck,
  stateAck,
  transferAck,
  balancePush,
  type GameButton,
  type GameState,
  type InfoPush,
  type JoinAck,
} from '@reelcast/protocol';
import type { z } from 'zod/mini';
import { translateAnswer } from '@/shared/api/translate-error';
import { dismissToast, showMessage, showToast, useToastStore } from '@/shared/toasts/toast-store';
import { closeRealityCheck, openRealityCheck } from './reality-check-store';

type Listener = (...args: never[]) => void;

/** What the game needs of a Socket.IO client socket (tests pass a fake). */
export interface GameSocketLike {
  connected?: boolean;
  on(event: string, listener: Listener): unknown;
  emit(event: string, payload: unknown, ack?: (answer: unknown) => void): unknown;
  disconnect(): unknown;
}

export type ConnectGameSocket = (address: string, token: string) => GameSocketLike | Promise<GameSocketLike>;

/**
 * socket.io-client is loaded with the game, not with the lobby. SPEC §7: the token goes as a query
 * parameter (`?token=`), and in the handshake's `auth` too; WebSocket only, as the agent expects.
 */
export const connectGameSocket: ConnectGameSocket = async (address, token) => {
  const { io } = await import('socket.io-client');
  return io(address, { auth: { token }, query: { token }, transports: ['websocket'] });
};

export type GameAckError = { ok: false; code: number; ErrorMessage: string };

const ACK_TIMEOUT_MS = 15_000;

/** Sends one game message and waits for its acknowledgement, parsed with its protocol schema. */
export function request<S extends z.ZodMiniType>(
  socket: GameSocketLike,
  event: string,
  payload: unknown,
  schema: S,
  timeoutMs = ACK_TIMEOUT_MS,
): Promise<z.output<S> | GameAckError> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, code: 0, ErrorMessage: 'The machine did not answer.' }), timeoutMs);
    socket.emit(event, payload, (answer: unknown) => {
      clearTimeout(timer);
      const failed = gameError.safeParse(answer);
      if (failed.success) return resolve(failed.data);
      const parsed = schema.safeParse(answer);
      resolve(parsed.success ? parsed.data : { ok: false, code: 0, ErrorMessage: 'Unexpected answer from the machine.' });
    });
  });
}

export const isAckError = (answer: { ok: boolean }): answer is GameAckError => !answer.ok;

/** SPEC §8 through the portal's one code → text path (translateAnswer), for the game socket's answers. */
export function gameErrorText(
  error: { code?: number; ErrorMessage?: string; message?: string; Params?: Record<string, string | number> },
  t: TFunction,
): string {
  const fallback = error.ErrorMessage ?? error.message ?? t('errors.unknown');
  return error.code === undefined ? fallback : translateAnswer({ code: error.code, ErrorMessage: fallback, Params: error.Params }, t);
}

/** One toast, updated in place, for the whole SESSION_CLOSE_WARNING countdown. */
export const COUNTDOWN_TOAST_ID = 'game-session-close-warning';
export const COUNTDOWN_START = 10;
export const COUNTDOWN_AUTOHIDE_MS = 10_000;

/** The countdown's text in the plural form its count needs ('1 second left…', '10 seconds left…'). */
function countdownText({ code, count = 0, message, Params }: InfoPush, t: TFunction): string {
  if (code === ErrorCode.SecondsLeftToDeposit) return t('game.info.secondsToDeposit', { count });
  if (code === ErrorCode.SecondsLeftToContinue) return t('game.info.secondsToContinue', { count });
  return t('game.info.countdown', { count, text: gameErrorText({ code, ErrorMessage: message, Params }, t) });
}

export type InfoContext = {
  t: TFunction;
  formatMoney: (minor: number) => string;
  /** Sends `cashout {}` (the seat ends). */
  cashout: () => void;
  /** Closes video and socket and goes to the lobby. */
  leave: () => void;
};

/** SPEC §4 info pushes. */
export function handleInfo(info: InfoPush, { t, formatMoney, cashout, leave }: InfoContext): void {
  switch (info.type) {
    case 'SESSION_CLOSE_WARNING': {
      const count = info.count ?? 0;
      const open = useToastStore.getState().toasts.some((toast) => toast.id === COUNTDOWN_TOAST_ID);
      // The first toast comes at 10; later counts update it while it is still showing.
      if (count !== COUNTDOWN_START && !open) return;
      if (count <= 0) return;
      showToast(countdownText(info, t), {
        id: COUNTDOWN_TOAST_ID,
        severity: 'warning',
        autoHideDuration: COUNTDOWN_AUTOHIDE_MS,
      });
      return;
    }
    case 'QUIT_REQUEST':
      showMessage(t('game.info.removed'), 'info');
      leave();
      return;
    case 'CLOSE_SESSION':
      cashout();
      leave();
      closeRealityCheck();
      showMessage(
        gameErrorText({ code: info.code ?? ErrorCode.SessionClosing, ErrorMessage: info.message, Params: info.Params }, t),
        'error',
      );
      return;
    case 'REALITY_CHECK':
      openRealityCheck({ playedSeconds: info.playedSeconds ?? 0, net: info.net ?? 0 });
      return;
    case 'HAND_PAY':
      showMessage(t('game.info.handPay', { amount: formatMoney(info.amount ?? 0) }), 'success');
      return;
    case 'JACKPOT':
      showMessage(t('game.info.jackpot', { amount: formatMoney(info.amount ?? 0) }), 'success');
      return;
    case 'OPERATOR_MESSAGE':
      showMessage(t('game.info.operatorMessage', { text: info.message ?? '' }), 'info');
      return;
  }
}

export type GameConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'closed';

export type GameConnectionOptions = {
  socket: GameSocketLike;
  machineId: number;
  token: string;
  t: TFunction;
  formatMoney: (minor: number) => string;
  onJoined: (ack: JoinAck) => void;
  onState: (state: GameState) => void;
  onBalance: (balance: number) => void;
  onConnection: (status: GameConnectionStatus) => void;
  /** Leave the game (the page closes video and socket and navigates to the lobby). */
  leave: () => void;
};

export type GameConnection = {
  press: (button: GameButton) => Promise<{ ok: true; state: GameState } | GameAckError>;
  transfer: (amount: number) => Promise<z.output<typeof transferAck> | GameAckError>;
  cashout: () => Promise<z.output<typeof cashoutAck> | GameAckError>;
  /** The answer to a reality check: `continue` plays on; `stop` cashes out and ends the seat. */
  realityCheck: (choice: 'continue' | 'stop') => Promise<z.output<typeof presentAck> | GameAckError>;
  /** Tells the machine the player is there (`present {}`): its idle countdown starts over. */
  present: () => Promise<z.output<typeof presentAck> | GameAckError>;
  /** Joins (again) with `init {machineID, token}`. */
  join: () => Promise<boolean>;
  /**
   * The player leaves on purpose: `leave {}` (a seat with no credit ends at once), the wallet balance of
   * its answer to `onBalance`, then the socket closes. The page hears nothing more from the session.
   */
  leave: () => Promise<void>;
};

/** How long a leaving page waits for the machine's answer before it just closes (the grace then applies). */
const LEAVE_ACK_TIMEOUT_MS = 5_000;

/**
 * SPEC §4 joining a game: `init {machineID, token}` on every (re)connect; an error toasts its
 * translated text and leaves. Pushes go to the callbacks; info pushes follow SPEC §4.
 */
export function startGameConnection(options: GameConnectionOptions): GameConnection {
  const { socket, machineId, token, t } = options;
  let closed = false;
  let connectedBefore = false;

  const fail = (error: GameAckError) => {
    if (closed) return;
    showMessage(gameErrorText(error, t), 'error');
    options.leave();
  };

  const join = async (): Promise<boolean> => {
    const ack = await request(socket, GameEvent.Init, { machineID: machineId, token }, joinAck);
    if (closed) return false;
    if (isAckError(ack)) {
      fail(ack);
      return false;
    }
    options.onConnection('connected');
    options.onJoined(ack);
    options.onState(ack.state);
    options.onBalance(ack.balance);
    return true;
  };

  const cashout = () => request(socket, GameEvent.Cashout, {}, cashoutAck);

  socket.on('connect', () => {
    if (closed) return;
    // The first connect and every reconnect (the server forgot this socket) send init again.
    if (connectedBefore) options.onConnection('connecting');
    connectedBefore = true;
    void join();
  });
  socket.on('disconnect', (reason: string) => {
    if (closed) return;
    // The server closed the socket on purpose (an info push says why); otherwise Socket.IO reconnects.
    if (reason === 'io server disconnect') {
      options.onConnection('closed');
      return;
    }
    options.onConnection('reconnecting');
  });
  socket.on(GameEvent.State, (payload: unknown) => {
    const state = gameState.safeParse(payload);
    if (state.success && !closed) options.onState(state.data);
  });
  socket.on(GameEvent.Balance, (payload: unknown) => {
    const push = balancePush.safeParse(payload);
    if (push.success && !closed) options.onBalance(push.data.balance);
  });
  socket.on(GameEvent.Info, (payload: unknown) => {
    const info = infoPush.safeParse(payload);
    if (!info.success || closed) return;
    handleInfo(info.data, {
      t,
      formatMoney: options.formatMoney,
      cashout: () => void cashout(),
      leave: options.leave,
    });
  });

  options.onConnection('connecting');
  if (socket.connected) {
    connectedBefore = true;
    void join();
  }

  return {
    press: async (button) => {
      const ack = await request(socket, GameEvent.Press, { button }, stateAck);
      if (!isAckError(ack) && !closed) options.onState(ack.state);
      return ack;
    },
    transfer: async (amount) => {
      const ack = await request(socket, GameEvent.Transfer, { amount, transferId: crypto.randomUUID() }, transferAck);
      if (!isAckError(ack) && !closed) options.onBalance(ack.balance);
      return ack;
    },
    // The wallet balance follows in a `balance` push once the ledger confirmed the cash-out.
    cashout,
    realityCheck: (choice) => request(socket, GameEvent.RealityCheck, { choice }, presentAck),
    present: () => {
      // The machine's countdown it ends is no longer true.
      dismissToast(COUNTDOWN_TOAST_ID);
      return request(socket, GameEvent.Present, {}, presentAck);
    },
    join,
    leave: async () => {
      if (closed) return;
      closed = true;
      options.onConnection('closed');
      // Not connected: nothing can be said; the machine keeps the seat for its grace as for a lost connection.
      const ack = socket.connected ? await request(socket, GameEvent.Leave, {}, leaveAck, LEAVE_ACK_TIMEOUT_MS) : null;
      if (ack && !isAckError(ack) && ack.balance !== undefined) options.onBalance(ack.balance);
      socket.disconnect();
    },
  };
}
