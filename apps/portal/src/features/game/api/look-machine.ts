import type { QueryClient } from '@tanstack/react-query';
import { GameEvent, lookAck, type SessionState } from '@reelcast/protocol';
import { getAccessToken } from '@/shared/session/token-storage';
import { connectGameSocket, isAckError, request } from '../lib/game-socket';
import { fetchGameMachine } from './get-game-machine';

const LOOK_TIMEOUT_MS = 5_000;

/**
 * SPEC §7 `init {id}` on the machine's game socket: who holds it and in what state, without joining
 * (docs/game-socket.md). Null when the machine cannot be asked (no address, no answer).
 */
export async function lookMachine(queryClient: QueryClient, id: number): Promise<SessionState | null> {
  const machine = await fetchGameMachine(queryClient, id).catch(() => null);
  const token = getAccessToken();
  if (!machine?.address || !token) return null;
  const socket = await connectGameSocket(machine.address, token);
  try {
    const ack = await request(socket, GameEvent.Init, { id }, lookAck, LOOK_TIMEOUT_MS);
    return isAckError(ack) ? null : ack.session;
  } finally {
    socket.disconnect();
  }
}
