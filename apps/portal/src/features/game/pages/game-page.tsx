import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import { useSettings } from '@/shared/config/settings';
import { useMoney } from '@/shared/lib/use-money';
import { CabinetCamera } from '../components/cabinet-camera';
import { ConnectionOverlay } from '../components/connection-overlay';
import { GameControls } from '../components/game-controls';
import { GameMeters } from '../components/game-meters';
import { GameTopBar } from '../components/game-top-bar';
import { GameVideo } from '../components/game-video';
import { IdlePrompt } from '../components/idle-prompt';
import { useRealityCheckStore } from '../lib/reality-check-store';

const RealityCheckDialog = lazy(() => import('../components/reality-check-dialog').then((m) => ({ default: m.RealityCheckDialog })));
import { WalletSideBar } from '../components/wallet-side-bar';
import { patchGame, recordClick, useGameStore } from '../lib/game-store';
import { useGameConnection, type GameConnectionDeps } from '../lib/use-game-connection';

export type GamePageProps = {
  /** Wallet balance in minor units (the wallet feature's query), undefined while loading. */
  balance: number | undefined;
  /** A balance the game socket reported: written into the wallet's cache. */
  onBalance: (balance: number) => void;
  deps?: GameConnectionDeps;
};

/** /game/:gameId/:name: the machine's live video with its buttons, meters and wallet (SPEC §2–4). */
export function GamePage({ balance, onBalance, deps }: GamePageProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const money = useMoney();
  const params = useParams();
  const machineId = Number(params.gameId);
  const name = params.name ?? '';
  const { machine, stream, videoError, actions } = useGameConnection(machineId, onBalance, deps);
  const realityCheck = useRealityCheckStore((state) => state.check !== null);
  const [root, setRoot] = useState<HTMLElement | null>(null);

  const portrait = useMediaQuery('(orientation: portrait)', { noSsr: true });
  const videoType = useGameStore((state) => state.videoType);
  const layout = useGameStore((state) => state.layout);
  const rotated = portrait && layout === 'rotated';
  const landscape = !portrait || rotated;
  // Sideways on a phone the side column has under 500 px of height (turned: the screen's width).
  const shortHeight = useMediaQuery('(max-height: 500px)', { noSsr: true });
  const narrowWidth = useMediaQuery('(max-width: 500px)', { noSsr: true });
  const compact = landscape && (rotated ? narrowWidth : shortHeight);

  // Given to the top bar as it renders: read back from the store, the effect's write would render the
  // page's top bar again, synchronously, in the task that mounted the page.
  const showRotate = portrait && videoType !== 'camera';
  useEffect(() => {
    patchGame({ showRotateScreenMenu: showRotate });
  }, [showRotate]);

  const title = machine?.name ?? name;

  const side = (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        p: 1,
        ...(landscape
          ? // 'safe': when the column is taller than the screen it starts at the top and scrolls, instead of
            // overflowing both ends out of reach.
            { width: { xs: 230, md: 300 }, flexShrink: 0, overflowY: 'auto', justifyContent: 'safe center' }
          : { flexShrink: 0, pb: 'max(8px, env(safe-area-inset-bottom))' }),
      }}
    >
      <Button
        variant="text"
        color="inherit"
        onClick={() => patchGame({ sideBar: true })}
        startIcon={<AccountBalanceWalletIcon />}
        // Named by what it shows (WCAG 2.5.3, label in name): the top bar's wallet icon is the one
        // named "open the wallet panel".
        aria-haspopup="dialog"
        sx={{ justifyContent: 'space-between', bgcolor: 'rgba(255,255,255,0.06)' }}
      >
        <Typography component="span" variant="body2" color="text.secondary">
          {t('game.balance')}
        </Typography>
        <Typography
          component="span"
          data-testid="game-balance"
          sx={{ fontWeight: 700, color: '#66bb6a', fontVariantNumeric: 'tabular-nums' }}
        >
          {balance === undefined ? '—' : money(balance)}
        </Typography>
      </Button>
      <GameMeters stacked={landscape} />
      <GameControls press={actions.press} balance={balance} landscape={landscape} compact={compact} />
    </Box>
  );

  return (
    <Box
      // Kept only while the page is turned (the dialogs are portalled into it then): a ref callback that
      // sets state re-renders the page synchronously in the commit that mounted it, the whole page twice
      // in one task on a phone.
      ref={rotated ? setRoot : undefined}
      onPointerDownCapture={() => recordClick()}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        zIndex: (theme) => theme.zIndex.appBar,
        bgcolor: '#05070c',
        color: 'common.white',
        display: 'flex',
        flexDirection: landscape ? 'row' : 'column',
        overflow: 'hidden',
        ...(rotated
          ? { width: '100dvh', height: '100dvw', transform: 'translateX(100dvw) rotate(90deg)', transformOrigin: 'top left' }
          : { width: '100dvw', height: '100dvh' }),
      }}
    >
      {!landscape && (
        <GameTopBar name={title} onLeave={actions.leave} onBand={actions.switchBand} overlay={false} showRotate={showRotate} />
      )}
      <Box
        sx={{
          position: 'relative',
          minWidth: 0,
          minHeight: 0,
          bgcolor: '#000',
          flex: 1,
          ...(landscape ? {} : { width: '100%', minHeight: '30dvh' }),
        }}
      >
        <GameVideo stream={stream} label={t('game.video', { name: title })} />
        {settings.showWebcam && stream && machine?.video && (
          <CabinetCamera video={machine.video} label={t('game.cabinetCamera', { name: title })} createWhep={deps?.createWhep} />
        )}
        {landscape && <GameTopBar name={title} onLeave={actions.leave} onBand={actions.switchBand} overlay showRotate={showRotate} />}
        <ConnectionOverlay onLeave={actions.leave} videoError={videoError} />
      </Box>
      {side}
      <WalletSideBar balance={balance} transfer={actions.transfer} cashout={actions.cashout} container={rotated ? root : undefined} />
      <IdlePrompt
        idleTimeoutMs={settings.idleTimeoutMs}
        onStay={actions.present}
        onLeave={actions.leave}
        container={rotated ? root : undefined}
      />
      {realityCheck && (
        <Suspense fallback={null}>
          <RealityCheckDialog onAnswer={actions.realityCheck} container={rotated ? root : undefined} />
        </Suspense>
      )}
    </Box>
  );
}
