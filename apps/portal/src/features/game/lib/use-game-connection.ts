import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { answerRealityCheck } from '../api/answer-reality-check';
import { closeRealityCheck, useRealityCheckStore } from './reality-check-store';
import type { GameButton } from '@reelcast/protocol';
import { paths } from '@/shared/config/paths';
import { getSettings } from '@/shared/config/settings';
import { useMoney } from '@/shared/lib/use-money';
import { getAccessToken } from '@/shared/session/token-storage';
import { showMessage } from '@/shared/toasts/toast-store';
import { useGameMachine } from '../api/get-game-machine';
import { gameIceServers } from '@/shared/video/get-ice-servers';
import { playClick } from './click-sound';
import {
  connectGameSocket,
  gameErrorText,
  isAckError,
  startGameConnection,
  type ConnectGameSocket,
  type GameConnection,
} from './game-socket';
import { getGameState, patchGame, recordClick, resetGame, setMachineState } from './game-store';
import { startPlaying, stopPlaying } from './reconnect-store';
import { transferMoney } from './transfer-money';
import { WhepClient, WhepError, WhepReplacedError } from '@/shared/video/whep-client';

// The game's code is preloaded from the lobby once it shows (app/routes.tsx): its ICE servers (a TURN
// credential, GET /player/ice-servers) are asked then too, so the peer connection of a Play does not wait.
if (getAccessToken()) void gameIceServers();

export type GameConnectionDeps = {
  connect?: ConnectGameSocket;
  createWhep?: () => Pick<WhepClient, 'start' | 'switchBand' | 'stop'>;
};

export type GameActions = {
  press: (button: GameButton) => void;
  transfer: (amount: number) => void;
  cashout: () => void;
  switchBand: (band: string) => void;
  /** The player answered the idle prompt: the machine hears they are there. */
  present: () => void;
  /** The player answered the reality check: Continue plays on, Stop cashes out and leaves. */
  realityCheck: (choice: 'continue' | 'stop') => void;
  leave: () => void;
};

/**
 * The life of a game screen (SPEC §4 joining a game): find the machine, open its game socket and
 * join, then start the video; leaving closes both and goes to the lobby, and the game state resets.
 */
export function useGameConnection(machineId: number, onBalance: (balance: number) => void, deps: GameConnectionDeps = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const machine = useGameMachine(machineId);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [videoError, setVideoError] = useState(false);
  const sessionRef = useRef<GameConnection | null>(null);
  const whepRef = useRef<ReturnType<NonNullable<GameConnectionDeps['createWhep']>> | null>(null);
  const leavingRef = useRef(false);
  const formatMoney = useMoney();
  const latest = useRef({ t, navigate, onBalance, formatMoney, deps });
  useLayoutEffect(() => {
    latest.current = { t, navigate, onBalance, formatMoney, deps };
  });

  const money = useCallback((minor: number) => latest.current.formatMoney(minor), []);

  /** A picture opened (start, band switch, or a lost picture opened again): it plays. */
  const show = useCallback((opened: MediaStream) => {
    setVideoError(false);
    setStream(opened);
  }, []);
  /** A picture that could not be opened, unless a later open overtook it (that one shows). */
  const failed = useCallback((error: unknown) => {
    if (!(error instanceof WhepReplacedError)) setVideoError(true);
  }, []);

  /** Leaving the game, on purpose (Leave, the lobby's link, a machine's QUIT_REQUEST): docs/reconnect.md "Leaving". */
  const closeAll = useCallback(() => {
    const session = sessionRef.current;
    sessionRef.current = null;
    const whep = whepRef.current;
    whepRef.current = null;
    setStream(null);
    // The picture ends first: a seat with no credit ends at leave {}, and the machine then refuses
    // the video's DELETE from someone who no longer holds it.
    void (whep?.stop() ?? Promise.resolve()).finally(() => void session?.leave());
  }, []);

  const leave = useCallback(() => {
    if (leavingRef.current) return;
    leavingRef.current = true;
    closeAll();
    resetGame();
    void latest.current.navigate(paths.lobby.getHref());
  }, [closeAll]);

  const address = machine.data?.address ?? null;
  const video = machine.data?.video ?? null;
  const missing = machine.isSuccess && !address;

  useEffect(() => {
    if (missing || machine.isError) {
      showMessage(latest.current.t('reconnect.status.offline', { name: machine.data?.name ?? `#${machineId}` }));
      leave();
    }
  }, [missing, machine.isError, machine.data?.name, machineId, leave]);

  useEffect(() => {
    const token = getAccessToken();
    if (!address || !token) return;
    leavingRef.current = false;
    let cancelled = false;
    let videoStarted = false;
    let joined = false;
    // Idle time counts from the game's opening: the time spent on the lobby (or in the reconnect dialog) is not idle play.
    patchGame({ id: machineId, isLoading: true, statusConnection: 'connecting', volume: getSettings().volume, lastClick: Date.now() });

    /**
     * `early`: asked at once, with the socket, not once the seat is answered: the agent holds the video
     * request until the seat's answer, so both run at once (docs/video.md).
     */
    const startVideo = (early: boolean) => {
      if (videoStarted || !video) return;
      videoStarted = true;
      const whep =
        latest.current.deps.createWhep?.() ??
        new WhepClient({
          iceServers: gameIceServers,
          iceTransportPolicy: getSettings().iceTransportPolicy,
          frameRate: getSettings().framesPerSecond,
          // The picture was lost and opened again (e.g. the machine's video process restarted).
          onStream: (opened) => {
            if (!cancelled) show(opened);
          },
          // The server refused to open it again (e.g. the seat ended): the picture is gone for good.
          onGone: () => {
            if (!cancelled) setVideoError(true);
          },
        });
      whepRef.current = whep;
      whep
        .start(video, token, getGameState().activeBand)
        .then((opened) => {
          if (!cancelled) show(opened);
        })
        .catch((error: unknown) => {
          if (cancelled) return;
          if (early && error instanceof WhepError && error.status === 403) {
            // The agent had not seen the seat request yet: asked again once seated.
            videoStarted = false;
            if (joined) startVideo(false);
            return;
          }
          failed(error);
        });
    };

    // The offer's ICE gathering (~130 ms) runs while the socket connects and the seat request goes out.
    startVideo(true);
    void Promise.resolve((latest.current.deps.connect ?? connectGameSocket)(address, token)).then((socket) => {
      if (cancelled) {
        socket.disconnect();
        return;
      }
      sessionRef.current = startGameConnection({
        socket,
        machineId,
        token,
        t: latest.current.t,
        formatMoney: money,
        onJoined: () => {
          joined = true;
          startPlaying(machineId);
          // The machine counts a join as activity; so does the idle prompt (a slow join is no idle time).
          patchGame({ isLoading: false, lastClick: Date.now() });
          startVideo(false);
        },
        onState: setMachineState,
        onBalance: (balance) => latest.current.onBalance(balance),
        onConnection: (statusConnection) => patchGame({ statusConnection }),
        leave,
      });
    });

    return () => {
      cancelled = true;
      stopPlaying(machineId);
      closeAll();
      resetGame();
      closeRealityCheck();
    };
  }, [address, video, machineId, leave, closeAll, money, show, failed]);

  const actions = useMemo<GameActions>(() => {
    const fail = (error: { code: number; ErrorMessage: string }) => showMessage(gameErrorText(error, latest.current.t));
    return {
      press: (button) => {
        recordClick();
        const session = sessionRef.current;
        if (!session) return;
        void session.press(button).then((ack) => {
          if (isAckError(ack)) fail(ack);
        });
      },
      transfer: (amount) => {
        recordClick();
        const session = sessionRef.current;
        if (!session || getGameState().moneyTransfer) return;
        const settings = getSettings();
        playClick(settings.clickSound, getGameState().volume);
        patchGame({ moneyTransfer: true });
        void transferMoney(session, amount, getGameState().autoplay)
          .then((ack) => {
            if (isAckError(ack)) fail(ack);
            else showMessage(latest.current.t('game.transferred', { amount: money(amount) }), 'success');
          })
          .finally(() => patchGame({ moneyTransfer: false }));
      },
      cashout: () => {
        recordClick();
        const session = sessionRef.current;
        if (!session) return;
        void session.cashout().then(async (ack) => {
          if (isAckError(ack)) return fail(ack);
          showMessage(latest.current.t('game.cashedOut', { amount: money(ack.amount) }), 'success');
          // Cashing out ends the seat; the player stays, so take it again.
          await session.join();
        });
      },
      switchBand: (band) => {
        recordClick();
        patchGame({ activeBand: band });
        const whep = whepRef.current;
        if (!whep) return;
        void whep.switchBand(band).then(show, failed);
      },
      present: () => {
        recordClick();
        void sessionRef.current?.present().then((ack) => {
          if (isAckError(ack)) fail(ack);
        });
      },
      realityCheck: (choice) => {
        recordClick();
        const check = useRealityCheckStore.getState().check;
        closeRealityCheck();
        const session = sessionRef.current;
        if (!session) return;
        if (check) void answerRealityCheck({ machineId, choice, playedSeconds: check.playedSeconds, net: check.net }).catch(() => {});
        void session.realityCheck(choice).then((ack) => {
          if (isAckError(ack)) return fail(ack);
          if (choice === 'stop') leave();
        });
      },
      leave,
    };
  }, [leave, money, show, failed, machineId]);

  return { machine: machine.data ?? null, stream, videoError, actions };
}
