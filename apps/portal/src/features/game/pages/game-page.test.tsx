import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { defaultSettings, setSettings } from '@/shared/config/settings';
import { i18n, initI18n } from '@/shared/i18n/i18n';
import { useToastStore } from '@/shared/toasts/toast-store';
import { json, mockFetch, requestBody } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/render-app';
import { createFakeGameSocket, joinAnswer, sampleState } from '@/test/fake-game-socket';
import { COUNTDOWN_TOAST_ID } from '../lib/game-socket';
import { patchGame } from '../lib/game-store';
import { applySessionPush, closeReconnect, useReconnectStore } from '../lib/reconnect-store';
import { signIn } from '@/test/session';
import { bookOfRa as machine } from '@/test/game-machine';
import { ReconnectDialog } from '../components/reconnect-dialog';
import { GamePage } from './game-page';

async function renderGame({
  balance = 100000,
  state = sampleState(),
  press,
  from = '/game/3/Book%20of%20Ra',
  lobby = <p>lobby</p>,
  reachGame,
}: {
  balance?: number;
  state?: ReturnType<typeof sampleState>;
  press?: (payload: unknown) => unknown;
  /** Where the page starts, and what the lobby shows. */
  from?: string;
  lobby?: React.ReactNode;
  /** How the player gets from `from` to the game. */
  reachGame?: () => Promise<void>;
} = {}) {
  const fetchMock = mockFetch({
    'GET /machine/all': () => json([machine]),
    'POST /player/protection/reality-check/answer': () => json({ status: true }),
  });
  const { token } = signIn();
  const socket = createFakeGameSocket({
    init: () => joinAnswer({ balance, state }),
    press:
      press ??
      ((payload) => ({
        ok: true,
        state: { ...state, autoplay: (payload as { button: string }).button === 'AUTOPLAY' ? !state.autoplay : state.autoplay },
      })),
    transfer: (payload) => ({ ok: true, transferId: (payload as { transferId: string }).transferId, credit: 1, balance: 1 }),
    present: () => ({ ok: true }),
    'reality-check': () => ({ ok: true }),
    leave: () => ({ ok: true, ended: true, balance: 99_000 }),
  });
  const whep = {
    start: vi.fn(async () => new MediaStream()),
    switchBand: vi.fn(async () => new MediaStream()),
    stop: vi.fn(async () => {}),
  };
  const onBalance = vi.fn();
  const connect = vi.fn(() => socket);
  const router = createMemoryRouter(
    [
      {
        path: '/game/:gameId/:name',
        element: <GamePage balance={balance} onBalance={onBalance} deps={{ connect, createWhep: () => whep }} />,
      },
      { path: '/lobby', element: lobby },
    ],
    { initialEntries: [from] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await reachGame?.();
  await waitFor(() => expect(connect).toHaveBeenCalledWith(machine.address, token));
  act(() => socket.push('connect'));
  await screen.findByText('Spin');
  await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
  return { socket, whep, router, onBalance, token, fetchMock };
}

describe('game page', () => {
  it("drops the session push of its own seat (the notification socket reconnected), so the lobby opens no dialog for it; another machine's still opens one", async () => {
    closeReconnect();
    // An offer that came before the page was seated on this machine goes once it is.
    applySessionPush({ status: true, id: 3, name: 'Book of Ra', machine_status: 'waiting' });
    const { router } = await renderGame();
    expect(useReconnectStore.getState().show).toBe(false);
    applySessionPush({ status: true, id: 3, name: 'Book of Ra', machine_status: 'playing' });
    expect(useReconnectStore.getState().show).toBe(false);
    applySessionPush({ status: true, id: 5, name: 'Lucky Lady', machine_status: 'waiting' });
    expect(useReconnectStore.getState()).toMatchObject({ show: true, id: 5 });
    closeReconnect();
    // Once the page has left, this machine's offer is a real one again.
    await act(() => router.navigate('/lobby'));
    applySessionPush({ status: true, id: 3, name: 'Book of Ra', machine_status: 'waiting' });
    expect(useReconnectStore.getState()).toMatchObject({ show: true, id: 3 });
    closeReconnect();
  });

  it('joins, starts the video with the token and shows the meters', async () => {
    const { socket, whep, token, onBalance } = await renderGame();
    expect(socket.sent[0]).toEqual({ event: 'init', payload: { machineID: 3, token } });
    await waitFor(() => expect(whep.start).toHaveBeenCalledWith(machine.video, token, '720p'));
    expect(onBalance).toHaveBeenCalledWith(100000);
    expect(screen.getByTestId('meter-credit').textContent).toMatch(/50[.,]00/);
    expect(screen.getByTestId('meter-bet').textContent).toMatch(/1[.,]00/);
    expect(screen.getByTestId('meter-win').textContent).toMatch(/2[.,]50/);
    expect(screen.getByRole('heading', { name: 'Book of Ra' })).toBeTruthy();
  });

  it('with showWebcam on, shows the cabinet camera (WHEP ?camera=cabinet) once the picture plays; off, asks for none', async () => {
    setSettings({ ...defaultSettings, showWebcam: true });
    const { whep, token } = await renderGame();
    await waitFor(() => expect(whep.start).toHaveBeenCalledWith(`${machine.video}?camera=cabinet`, token, ''));
    expect(await screen.findByLabelText('Book of Ra cabinet camera')).toBeTruthy();
  });

  it('with showWebcam off (the default) asks for no cabinet camera', async () => {
    const { whep } = await renderGame();
    await waitFor(() => expect(whep.start).toHaveBeenCalledTimes(1));
    expect(whep.start).toHaveBeenCalledWith(machine.video, expect.any(String), '720p');
    expect(screen.queryByLabelText('Book of Ra cabinet camera')).toBeNull();
  });

  it('buttons and the Space key send press {button}', async () => {
    const { socket } = await renderGame();
    await userEvent.click(screen.getByRole('button', { name: 'Bet +' }));
    await userEvent.click(screen.getByRole('button', { name: 'Spin' }));
    fireEvent.keyDown(window, { key: ' ', code: 'Space' });
    const presses = socket.sent.filter((sent) => sent.event === 'press').map((sent) => sent.payload);
    expect(presses).toEqual([{ button: 'BET_UP' }, { button: 'SPIN' }, { button: 'SPIN' }]);
  });

  it('Spin sends its press when a mouse presses it, before the release, once per click; a touch on the tap; Enter spins too', async () => {
    const { socket } = await renderGame();
    const spin = screen.getByRole('button', { name: 'Spin' });
    const spins = () =>
      socket.sent.filter((sent) => sent.event === 'press' && (sent.payload as { button?: string }).button === 'SPIN').length;
    const user = userEvent.setup();
    await user.pointer({ keys: '[MouseLeft>]', target: spin });
    expect(spins()).toBe(1);
    await user.pointer({ keys: '[/MouseLeft]', target: spin });
    expect(spins()).toBe(1);
    spin.focus();
    await user.keyboard('{Enter}');
    expect(spins()).toBe(2);
    // A finger spins on the tap, not when it lands (it may be the start of a scroll).
    await user.pointer({ keys: '[TouchA>]', target: spin });
    expect(spins()).toBe(2);
    await user.pointer({ keys: '[/TouchA]', target: spin });
    expect(spins()).toBe(3);
  });

  it("a refused spin says the machine's own reason in the player's language, not 'Invalid request.'", async () => {
    await renderGame({ press: () => ({ ok: false, code: 40920, ErrorMessage: 'Not enough credit on the machine.' }) });
    await act(() => initI18n('tr'));
    await userEvent.click(screen.getByRole('button', { name: i18n.t('game.buttons.SPIN') }));
    await waitFor(() => expect(useToastStore.getState().toasts.at(-1)?.message).toBe('Makinede yeterli kredi yok.'));
  });

  it('with zero-balance play off and nothing to play with, SPIN is off and a message says why', async () => {
    setSettings({ ...defaultSettings, zeroBalanceMayPlay: false });
    const { socket } = await renderGame({ balance: 0, state: sampleState({ credit: 0 }) });
    expect(screen.getByTestId('zero-balance').textContent).toBe('Deposit funds to play.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Spin' }).disabled).toBe(true);
    // Credit on the machine (a bill put in at the cabinet): something to play with again.
    act(() => socket.push('state', sampleState({ credit: 500 })));
    expect(screen.queryByTestId('zero-balance')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Spin' }).disabled).toBe(false);
  });

  it('the wallet panel caps all-in and a transfer clears autoplay first', async () => {
    setSettings({ ...defaultSettings, maxAllInLimit: 20000, clickSound: 1 });
    const { socket } = await renderGame({ state: sampleState({ autoplay: true }) });
    await userEvent.click(screen.getAllByRole('button', { name: 'Open the wallet panel' })[0]!);
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getByRole('button', { name: 'All in (TRY\u00a0200.00)' })).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Transfer TRY\u00a050.00 to the machine' }));
    await waitFor(() => expect(socket.sent.some((sent) => sent.event === 'transfer')).toBe(true));
    const events = socket.sent.filter((sent) => sent.event !== 'init');
    expect(events[0]).toEqual({ event: 'press', payload: { button: 'AUTOPLAY' } });
    expect(events[1]).toMatchObject({ event: 'transfer', payload: { amount: 5000 } });
  });

  it('turned on an upright phone, the wallet panel opens inside the turned page; back upright, outside it as before', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(orientation: portrait)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    /** The game page's own box: fixed over the screen, turned by a transform while the layout is 'rotated'. */
    const pageBox = () =>
      [...document.querySelectorAll<HTMLElement>('.MuiBox-root')].find(
        (box) => getComputedStyle(box).position === 'fixed' && box.contains(screen.getByTestId('game-balance')),
      )!;
    const openWallet = async () => {
      await userEvent.click(screen.getAllByRole('button', { name: 'Open the wallet panel' })[0]!);
      return screen.findByRole('dialog');
    };
    try {
      patchGame({ layout: 'rotated' });
      await renderGame();
      expect(getComputedStyle(pageBox()).transform).toContain('rotate(90deg)');
      expect(pageBox().contains(await openWallet())).toBe(true);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      act(() => patchGame({ layout: 'normal' }));
      expect(getComputedStyle(pageBox()).transform).not.toContain('rotate');
      expect(pageBox().contains(await openWallet())).toBe(false);
    } finally {
      vi.unstubAllGlobals();
      patchGame({ layout: 'normal' });
    }
  });

  it('names the balance button by what it shows, so a voice command that says what is seen presses it (WCAG 2.5.3)', async () => {
    await renderGame();
    const shown = screen.getByTestId('game-balance').closest('button')!;
    expect(screen.getByRole('button', { name: /^Balance\s?TRY\u00a01,000\.00$/ })).toBe(shown);
    expect(shown.getAttribute('aria-haspopup')).toBe('dialog');
  });

  it("the top bar's icon buttons each show their name as a hint on hover (the native title, as the shell's toolbar)", async () => {
    await renderGame();
    const header = screen.getAllByRole('banner').find((element) => element.tagName === 'HEADER')!;
    const icons = within(header).getAllByRole('button');
    expect(icons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Leave the game',
      'Sound on',
      'Fill the screen',
      'Open the wallet panel',
    ]);
    for (const button of icons) expect(button.getAttribute('title')).toBe(button.getAttribute('aria-label'));
  });

  it("shows the hot coins in SPEC §9's display form, each named by the money it moves", async () => {
    await renderGame();
    await act(() => initI18n('tr'));
    await userEvent.click(screen.getAllByRole('button', { name: 'Cüzdan panelini aç' })[0]!);
    const coins = within(await screen.findByRole('dialog')).getAllByRole('button', { name: /^Makineye .* aktar$/ });
    expect(coins.map((coin) => coin.textContent)).toEqual(['500', '5000', '10.000', '50.000', '100.000']);
    expect(coins.map((coin) => coin.getAttribute('aria-label'))).toEqual(
      ['₺5,00', '₺50,00', '₺100,00', '₺500,00', '₺1.000,00'].map((amount) => `Makineye ${amount} aktar`),
    );
  });

  it('a lost connection shows the SPEC text', async () => {
    const { socket } = await renderGame();
    act(() => socket.push('disconnect', 'transport close'));
    expect(screen.getByText('Connection Lost, please wait.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return to the lobby' })).toBeTruthy();
  });

  it('in Turkish the connection texts are the ones Settings.json configures (SPEC §8)', async () => {
    setSettings({
      ...defaultSettings,
      texts: { connectionLost: 'Hat gitti, bekleyin.', returnToLobby: 'Salona dön', continue: 'Sürdür', no: 'Yok' },
    });
    const { socket } = await renderGame();
    await act(() => initI18n('tr'));
    act(() => socket.push('disconnect', 'transport close'));
    expect(screen.getByText('Hat gitti, bekleyin.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Salona dön' })).toBeTruthy();
    expect(screen.queryByText('Connection Lost, please wait.')).toBeNull();
  });

  describe('the idle prompt (SPEC §4 game idle detection, 60 s)', () => {
    const IDLE = 60_000;
    // Every timer fake, the clock still moving with real time so the page's own waits run.
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());
    const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    const prompt = () => screen.queryByRole('dialog', { name: 'Deactivated Detected' });

    it('does not open right after Play when the player spent more than 60 s on the lobby; it opens after 60 s in the game without a click', async () => {
      // The game's code (and its state) was loaded from the lobby over a minute ago, with no click since.
      patchGame({ lastClick: Date.now() - IDLE - 1_000 });
      await renderGame();
      await pass(7_000);
      expect(prompt()).toBeNull();
      // The prompt looks once a second.
      await pass(IDLE - 7_000 + 1_000);
      expect(prompt()).not.toBeNull();
    });

    it("Continue tells the machine the player is there (present {}), so its countdown starts over; the countdown's toast goes", async () => {
      const { socket } = await renderGame();
      await pass(IDLE + 1_000);
      // The machine's own countdown (no credit: 60 s as well) has begun.
      act(() => socket.push('info', { type: 'SESSION_CLOSE_WARNING', code: 18800, count: 10 }));
      expect(useToastStore.getState().toasts.map((toast) => toast.id)).toEqual([COUNTDOWN_TOAST_ID]);
      fireEvent.click(within(prompt()!).getByRole('button', { name: 'Continue' }));
      expect(socket.sent.filter((sent) => sent.event === 'present')).toEqual([{ event: 'present', payload: {} }]);
      expect(useToastStore.getState().toasts).toEqual([]);
      await waitFor(() => expect(prompt()).toBeNull());
    });

    it('does not open right after Continue in the reconnect dialog when the dialog waited over 60 s', async () => {
      patchGame({ lastClick: Date.now() - IDLE - 1_000 });
      await renderGame({
        from: '/lobby',
        lobby: <ReconnectDialog />,
        reachGame: async () => {
          act(() => applySessionPush({ status: true, id: 3, name: 'Book of Ra', machine_status: 'waiting' }));
          fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
        },
      });
      await pass(7_000);
      expect(prompt()).toBeNull();
    });
  });

  it('a reality check pauses the game with the time played and the net result; Continue plays on, Stop leaves; both are audited', async () => {
    const { socket, router, fetchMock } = await renderGame();
    act(() => socket.push('info', { type: 'REALITY_CHECK', playedSeconds: 1_830, net: -2_500 }));
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(within(dialog).getByText('You have played for 0 h 30 min in this session.')).toBeTruthy();
    expect(within(dialog).getByText(/lost\.$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(socket.sent.filter((sent) => sent.event === 'reality-check')).toEqual([
        { event: 'reality-check', payload: { choice: 'continue' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reality check' })).toBeNull());
    const audited = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(requestBody(audited[0]?.[1])).toEqual({ machineId: 3, choice: 'continue', playedSeconds: 1_830, net: -2_500 });

    act(() => socket.push('info', { type: 'REALITY_CHECK', playedSeconds: 3_600, net: 0 }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Reality check' })).getByRole('button', { name: 'Stop playing' }));
    await waitFor(() =>
      expect(socket.sent.some((sent) => sent.event === 'reality-check' && (sent.payload as { choice: string }).choice === 'stop')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/lobby'));
  });

  it('a loss limit reached during play: the close says why', async () => {
    const { socket, router } = await renderGame();
    act(() => socket.push('info', { type: 'CLOSE_SESSION', code: 40945 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lobby'));
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe('Loss limit reached: your credit goes back to your wallet.');
  });

  it("leaving tells the machine (leave {}: a seat with no credit ends at once), puts the answer's balance in the wallet, closes the video and the socket, then goes to the lobby", async () => {
    const { socket, whep, router, onBalance } = await renderGame();
    await userEvent.click(screen.getAllByRole('button', { name: 'Leave the game' })[0]!);
    expect(whep.stop).toHaveBeenCalled();
    await waitFor(() => expect(socket.sent.at(-1)).toEqual({ event: 'leave', payload: {} }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lobby'));
    await waitFor(() => expect(socket.disconnected).toBe(true));
    expect(onBalance).toHaveBeenLastCalledWith(99_000);
  });

  it('ends the picture before it tells the machine it leaves: the seat that ends at leave {} would refuse the video DELETE', async () => {
    const { socket, whep } = await renderGame();
    let deleted!: () => void;
    whep.stop.mockImplementation(() => new Promise<void>((resolve) => (deleted = resolve)));
    await userEvent.click(screen.getAllByRole('button', { name: 'Leave the game' })[0]!);
    expect(whep.stop).toHaveBeenCalled();
    expect(socket.sent.some(({ event }) => event === 'leave')).toBe(false);
    act(() => deleted());
    await waitFor(() => expect(socket.sent.at(-1)).toEqual({ event: 'leave', payload: {} }));
  });
});
