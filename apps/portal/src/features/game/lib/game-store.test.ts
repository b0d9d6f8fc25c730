import { afterEach, describe, expect, it } from 'vitest';
import { sampleState } from '@/test/fake-game-socket';
import type { GameState } from '@reelcast/protocol';
import { getGameState, patchGame, resetGame, setBands, setMachineState } from './game-store';

describe('game store', () => {
  afterEach(() => resetGame());

  it('lists the bands highest Order first, however they arrive', () => {
    expect(getGameState().bandSelects.map((band) => band.id)).toEqual(['720p', '480p', '360p']);
    setBands([
      { id: 'b', label: 'B', Order: 2 },
      { id: 'a', label: 'A', Order: 1 },
      { id: 'c', label: 'C', Order: 3 },
    ]);
    expect(getGameState().bandSelects.map((band) => band.Order)).toEqual([3, 2, 1]);
    expect(getGameState().activeBand).toBe('c');
  });

  it('follows the machine autoplay flag from state pushes', () => {
    setMachineState(sampleState({ autoplay: true }) as GameState);
    expect(getGameState().autoplay).toBe(true);
  });

  it('resets everything on leaving', () => {
    patchGame({
      id: 3,
      sideBar: true,
      autoplay: true,
      layout: 'rotated',
      cutSreeen: true,
      statusConnection: 'connected',
      activeBand: '360p',
    });
    setMachineState(sampleState() as GameState);
    resetGame();
    const state = getGameState();
    expect(state).toMatchObject({
      id: null,
      sideBar: false,
      autoplay: false,
      layout: 'normal',
      cutSreeen: false,
      statusConnection: 'idle',
      activeBand: '720p',
      machine: null,
      isLoading: true,
    });
  });
});
