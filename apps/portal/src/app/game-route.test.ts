import { describe, expect, it } from 'vitest';
import { gameMachineQueryOptions } from '@/features/game/api/get-game-machine';
import { balanceQueryOptions } from '@/features/wallet/api/get-balance';
import { json, mockFetch, requestUrl } from '@/test/fetch-mock';
import { bookOfRa as machine } from '@/test/game-machine';
import { createTestQueryClient } from '@/test/query-client';
import { signIn } from '@/test/session';
import { prefetchGame } from './game-route';

describe('the game route loader (prefetchGame)', () => {
  it('asks for the machine and the balance once each, and the page queries find both answered', async () => {
    signIn();
    const fetch = mockFetch({ 'GET /machine/all': () => json([machine]), 'GET /player/balance': () => json({ balance: 12345 }) });
    const queryClient = createTestQueryClient();
    await prefetchGame(queryClient, 3);
    const asked = fetch.mock.calls.map(([input]) => new URL(requestUrl(input), window.location.href).pathname).sort();
    expect(asked).toEqual(['/machine/all', '/player/balance']);
    expect(queryClient.getQueryData(gameMachineQueryOptions(3).queryKey)).toEqual(machine);
    expect(queryClient.getQueryData(balanceQueryOptions().queryKey)).toEqual({ balance: 12345 });
    // What the page's own queries then do: the answers are fresh, nothing is asked again.
    await queryClient.prefetchQuery(gameMachineQueryOptions(3, queryClient));
    await queryClient.prefetchQuery(balanceQueryOptions());
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks only for the balance when the path has no machine id (the page sends the player back to the lobby)', async () => {
    signIn();
    const fetch = mockFetch({ 'GET /player/balance': () => json({ balance: 0 }) });
    await prefetchGame(createTestQueryClient(), Number('x'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(requestUrl(fetch.mock.calls[0]![0])).toContain('/player/balance');
  });
});
