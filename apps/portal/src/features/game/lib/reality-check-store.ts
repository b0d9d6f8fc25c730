import { create } from 'zustand';

/** The machine paused the game for a reality check (docs/player-protection.md): what it said, until the player answers. */
export type RealityCheck = { playedSeconds: number; net: number };

export const useRealityCheckStore = create<{ check: RealityCheck | null }>(() => ({ check: null }));

export const openRealityCheck = (check: RealityCheck) => useRealityCheckStore.setState({ check });
export const closeRealityCheck = () => useRealityCheckStore.setState({ check: null });
