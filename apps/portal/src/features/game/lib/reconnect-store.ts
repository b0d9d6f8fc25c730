import { create } from 'zustand';
import type { SessionPush } from '@reelcast/protocol';

/** SPEC §3 reconnect state: show flag, machine id, machine name, machine_status. */
export type ReconnectState = {
  show: boolean;
  id: number | null;
  name: string;
  machine_status: string;
};

const closed: ReconnectState = { show: false, id: null, name: '', machine_status: '' };

export const useReconnectStore = create<ReconnectState>(() => closed);

/**
 * The machine whose game page is open and seated in this page. Its own seat's session push (sent again when
 * the notification socket reconnects, docs/reconnect.md) is no open game to come back to.
 */
let playing: number | null = null;

/** SPEC §4: a session push opens the reconnect dialog (status false closes it). */
export function applySessionPush(push: SessionPush): void {
  if (push.status && push.id === playing) return;
  useReconnectStore.setState(push.status ? { show: true, id: push.id, name: push.name, machine_status: push.machine_status } : closed);
}

/** The game page is seated on `id` (null: it left); an offer to come back to that machine is dropped. */
export function setPlayingMachine(id: number | null): void {
  playing = id;
  if (id !== null && useReconnectStore.getState().id === id) useReconnectStore.setState(closed);
}

/** Whether this page plays `id` now (for the game page's clean-up: a later page may have taken over). */
export const isPlayingMachine = (id: number): boolean => playing === id;

export function closeReconnect(): void {
  useReconnectStore.setState(closed);
}
