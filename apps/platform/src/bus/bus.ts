import { EventEmitter } from 'node:events';
import type { ChatMessage, ChatStatus, JackpotPush, JackpotWinPush, MachinePush, OperatorEventPush } from '@reelcast/protocol';

/** What travels on the bus: every topic and its payload. */
export interface BusTopics {
  /** A player's wallet balance changed (minor units). */
  balance: { playerId: number; balance: number };
  /** A machine's status or reservation changed. */
  machine: MachinePush;
  /** A machine's address or video URL changed (an agent started or moved): the pages' connect-src is read again. */
  machineAddress: { id: number };
  /** A machine's console row changed beyond its status (a hand pay began to wait): the team's floors read it again. */
  floor: { id: number };
  /** Sign-in sessions (token jti) that ended: their notification sockets close. */
  revoked: { sessionIds: string[] };
  /** A chat message: pushed to every tab of both people (each sees the other as the contact). */
  chatMessage: { chatId: number; senderId: number; recipientId: number; message: ChatMessage };
  /**
   * A user's presence as others see it changed: pushed to `audience`, the users who have them as a
   * contact ('everyone' for a team member: every signed-in user, connected now or later).
   */
  chatStatus: { playerId: number; status: ChatStatus; audience: number[] | 'everyone' };
  /** A user read a chat: their other tabs clear its unread badge. */
  chatRead: { playerId: number; chatId: number; contactId: number };
  /** A brand's jackpot meters changed. */
  jackpot: JackpotPush;
  /** A jackpot was won: announced to everyone, `mine` on the winner's sockets only. */
  jackpotWin: Omit<JackpotWinPush, 'mine'> & { winnerId: number };
  /** The operator published a quick panel event: pushed to everyone signed in. */
  operatorEvent: OperatorEventPush;
}
export type BusTopic = keyof BusTopics;
export type BusHandler<T extends BusTopic> = (payload: BusTopics[T]) => void;

/**
 * Publish/subscribe between the parts of the platform (and between platform instances).
 * Publishers never wait for subscribers; a failing subscriber never breaks a publisher.
 */
export interface Bus {
  publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): void;
  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): () => void;
  close(): Promise<void>;
}

export class InProcessBus implements Bus {
  readonly #events = new EventEmitter();

  constructor() {
    this.#events.setMaxListeners(0);
  }

  publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): void {
    for (const handler of this.#events.listeners(topic)) {
      try {
        (handler as BusHandler<T>)(payload);
      } catch {
        // A subscriber's fault is its own; the publisher's work is already done.
      }
    }
  }

  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): () => void {
    this.#events.on(topic, handler);
    return () => this.#events.off(topic, handler);
  }

  close(): Promise<void> {
    this.#events.removeAllListeners();
    return Promise.resolve();
  }
}
