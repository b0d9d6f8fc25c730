import { create } from 'zustand';
import type { SessionPush, SessionState } from '@reelcast/protocol';

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

/** The game page is seated on `id`: an offer to come back to that machine is dropped. */
export function startPlaying(id: number): void {
  playing = id;
  if (useReconnectStore.getState().id === id) useReconnectStore.setState(closed);
}

/** The game page of `id` has left (unless a later one has taken over meanwhile). */
export function stopPlaying(id: number): void {
  if (playing === id) playing = null;
}

export function closeReconnect(): void {
  useReconnectStore.setState(closed);
}

/**
 * The machine's state now (its `init {id}` answer, after Kick the player): the dialog shows it; a seat
 * that has ended meanwhile leaves nothing to come back to.
 */
export function applyMachineLook(session: Pick<SessionState, 'id' | 'status' | 'occupied'>): void {
  if (useReconnectStore.getState().id !== session.id) return;
  if (!session.occupied) return closeReconnect();
  useReconnectStore.setState({ machine_status: session.status });
}
