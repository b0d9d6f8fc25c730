import { create } from 'zustand';
import type { PromotionKind } from '@reelcast/protocol';

type InFlightState = { inFlight: PromotionKind | null };

/** SPEC §4: one promotion request in flight at a time; clicks meanwhile are ignored. */
export const useClaimInFlight = create<InFlightState>(() => ({ inFlight: null }));

/** Takes the slot for `kind`; false when a request is already in flight (the click is ignored). */
export function beginClaim(kind: PromotionKind): boolean {
  if (useClaimInFlight.getState().inFlight) return false;
  useClaimInFlight.setState({ inFlight: kind });
  return true;
}

/** Frees the slot: on success, on a server-reported failure and on error alike. */
export function endClaim(): void {
  useClaimInFlight.setState({ inFlight: null });
}
