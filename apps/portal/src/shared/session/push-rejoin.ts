/** The notification socket's rejoin (docs/api.md), set once the socket is open. */
let rejoin: (() => void) | null = null;

export function setPushRejoin(next: (() => void) | null): void {
  rejoin = next;
}

/**
 * SPEC §7: after POST /player/cancel the portal rejoins with its token; the platform sends the balance
 * and a session push for each seat still open, so another open game is offered next.
 */
export function rejoinPushes(): void {
  rejoin?.();
}
