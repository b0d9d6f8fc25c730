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

/** SPEC §4: a session push opens the reconnect dialog (status false closes it). */
export function applySessionPush(push: SessionPush): void {
  useReconnectStore.setState(push.status ? { show: true, id: push.id, name: push.name, machine_status: push.machine_status } : closed);
}

export function closeReconnect(): void {
  useReconnectStore.setState(closed);
}
