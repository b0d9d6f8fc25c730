import { create } from 'zustand';
import type { GameState } from '@reelcast/protocol';
import { bandSelects as highestFirst, VIDEO_BANDS } from '@reelcast/protocol';
import type { BandChoice } from './bands';

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'closed';
/** `stream` is the machine's rendered screen; `camera` a camera pointed at a cabinet (no rotate toggle). */
export type VideoType = 'stream' | 'camera';
/** `rotated` turns the game by 90° on a portrait screen so the landscape video gets the long side. */
export type GameLayout = 'normal' | 'rotated';

/** SPEC §3 game state, plus the last machine state the game socket pushed. */
export type GameStoreState = {
  id: number | null;
  statusConnection: ConnectionStatus;
  /** Time of the player's last click or key press (idle detection). */
  lastClick: number;
  volume: number;
  /** Stays muted until the player touches the volume (browsers only autoplay muted video). */
  muted: boolean;
  sideBar: boolean;
  isLoading: boolean;
  /** A money transfer is in flight. */
  moneyTransfer: boolean;
  videoType: VideoType;
  bandSelects: BandChoice[];
  activeBand: string;
  autoplay: boolean;
  /** Crop the video to fill the screen instead of showing the whole picture (SPEC spelling). */
  cutSreeen: boolean;
  showRotateScreenMenu: boolean;
  layout: GameLayout;
  machine: GameState | null;
};

export const initialGameState = (): GameStoreState => {
  const bandSelects = highestFirst<BandChoice>(VIDEO_BANDS);
  return {
    id: null,
    statusConnection: 'idle',
    lastClick: Date.now(),
    volume: 1,
    muted: true,
    sideBar: false,
    isLoading: true,
    moneyTransfer: false,
    videoType: 'stream',
    bandSelects,
    activeBand: bandSelects[0]?.id ?? '720p',
    autoplay: false,
    cutSreeen: false,
    showRotateScreenMenu: false,
    layout: 'normal',
    machine: null,
  };
};

export const useGameStore = create<GameStoreState>(() => initialGameState());

export const getGameState = (): GameStoreState => useGameStore.getState();

export function patchGame(patch: Partial<GameStoreState>): void {
  useGameStore.setState(patch);
}

/** Bands from the video source, stored highest Order first; the active band stays if still offered. */
export function setBands(bands: readonly BandChoice[]): void {
  const bandSelects = highestFirst(bands);
  const { activeBand } = getGameState();
  useGameStore.setState({
    bandSelects,
    activeBand: bandSelects.some((band) => band.id === activeBand) ? activeBand : (bandSelects[0]?.id ?? activeBand),
  });
}

/** The machine pushed its state: the autoplay flag follows the machine. */
export function setMachineState(machine: GameState): void {
  useGameStore.setState({ machine, autoplay: machine.autoplay });
}

export function recordClick(now = Date.now()): void {
  useGameStore.setState({ lastClick: now });
}

/** SPEC §4: game state resets on leaving. */
export function resetGame(): void {
  useGameStore.setState(initialGameState(), true);
}
