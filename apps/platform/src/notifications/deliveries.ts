import { NotificationEvent } from '@reelcast/protocol';
import type { Bus, BusTopic, BusTopics } from '../bus/index.ts';

/**
 * One push as the notification socket sends it: its event and payload, to the sockets of the players
 * in `to` (everyone when absent) but those of `except`. `replay`: a push that states what is now (a
 * balance, a machine's status, a brand's meters, a chat's messages and marks), which a socket that
 * connects later may be sent again (push-log.ts); an announcement (a jackpot hit, an operator's event) is not.
 */
export interface Delivery {
  event: string;
  payload: unknown;
  to?: readonly number[];
  except?: number;
  replay: boolean;
}

type Deliveries = { [T in BusTopic]?: (message: BusTopics[T]) => Delivery[] };

/** What each bus topic becomes on the notification socket (docs/api.md "Notification socket"). */
export const deliveries: Deliveries = {
  balance: ({ playerId, balance }) => [{ event: NotificationEvent.Balance, payload: { balance }, to: [playerId], replay: true }],
  machine: (push) => [{ event: NotificationEvent.Machine, payload: push, replay: true }],
  // Brand jackpots (docs/jackpots.md): the meters to everyone; a win to everyone, marked `mine` on the winner's sockets.
  jackpot: (push) => [{ event: NotificationEvent.Jackpot, payload: push, replay: true }],
  jackpotWin: ({ winnerId, ...win }) => [
    { event: NotificationEvent.JackpotWin, payload: { ...win, mine: false }, except: winnerId, replay: false },
    { event: NotificationEvent.JackpotWin, payload: { ...win, mine: true }, to: [winnerId], replay: false },
  ],
  // Chat (docs/chat.md "Pushes"): both people of a message, each seeing the other as the contact.
  chatMessage: ({ chatId, senderId, recipientId, message }) => [
    { event: NotificationEvent.ChatMessage, payload: { chatId, contactId: senderId, message }, to: [recipientId], replay: true },
    { event: NotificationEvent.ChatMessage, payload: { chatId, contactId: recipientId, message }, to: [senderId], replay: true },
  ],
  // A team member's to everyone but themselves, kept for sockets that connect later (push-log.ts).
  chatStatus: ({ playerId, status, audience }) => {
    const payload = { contactId: playerId, status };
    if (audience === 'everyone') return [{ event: NotificationEvent.ChatStatus, payload, except: playerId, replay: true }];
    return audience.length ? [{ event: NotificationEvent.ChatStatus, payload, to: audience, replay: true }] : [];
  },
  chatRead: ({ playerId, chatId, contactId }) => [
    { event: NotificationEvent.ChatRead, payload: { chatId, contactId }, to: [playerId], replay: true },
  ],
  operatorEvent: (push) => [{ event: NotificationEvent.OperatorEvent, payload: push, replay: false }],
};

/** Calls `deliver` with each push of each message the bus brings; gives the unsubscribe. */
export function onDeliveries(bus: Bus, deliver: (delivery: Delivery) => void): () => void {
  const unsubscribe = (Object.keys(deliveries) as BusTopic[]).map((topic) =>
    bus.subscribe(topic, (message) => {
      for (const delivery of (deliveries[topic] as (message: BusTopics[typeof topic]) => Delivery[])(message)) deliver(delivery);
    }),
  );
  return () => unsubscribe.forEach((u) => u());
}
