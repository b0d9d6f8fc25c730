import { memo, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import NativeSelect from '@mui/material/NativeSelect';
import Typography from '@mui/material/Typography';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CropIcon from '@mui/icons-material/Crop';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import ScreenRotationIcon from '@mui/icons-material/ScreenRotation';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { useTranslation } from 'react-i18next';
import { isIOS } from '../lib/device';
import { patchGame, recordClick, useGameStore } from '../lib/game-store';

type GameTopBarProps = {
  name: string;
  onLeave: () => void;
  onBand: (band: string) => void;
  overlay: boolean;
  /** The rotate switch is offered (the game state's showRotateScreenMenu, which the page computes). */
  showRotate: boolean;
};

function Action({
  label,
  onClick,
  children,
  pressed,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
  pressed?: boolean;
}) {
  return (
    // A native hint, as the shell's toolbar has: MUI's Tooltip keeps its child's element in state, set by
    // a ref, so each one rendered the top bar again, synchronously, in the commit that mounted the game
    // page, and that pulled the commit's passive effects (the page's queries and their fetches) into the
    // same task (docs/benchmarks.md); it also brought Popper into the game's code.
    <IconButton
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={() => {
        recordClick();
        onClick();
      }}
      sx={{ color: 'common.white', width: 44, height: 44 }}
    >
      {children}
    </IconButton>
  );
}

function useFullscreen() {
  const [active, setActive] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const onChange = () => setActive(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
    else void document.documentElement.requestFullscreen?.().catch(() => {});
  };
  return { active, toggle, supported: typeof document !== 'undefined' && !isIOS() && !!document.documentElement.requestFullscreen };
}

/** Leave, the machine name, and the screen's switches: quality, sound, crop, rotate, full screen, wallet. */
export const GameTopBar = memo(function GameTopBar({ name, onLeave, onBand, overlay, showRotate }: GameTopBarProps) {
  const { t } = useTranslation();
  const bands = useGameStore((state) => state.bandSelects);
  const activeBand = useGameStore((state) => state.activeBand);
  const muted = useGameStore((state) => state.muted);
  const cut = useGameStore((state) => state.cutSreeen);
  const layout = useGameStore((state) => state.layout);
  const fullscreen = useFullscreen();

  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 0.5,
        minHeight: 48,
        color: 'common.white',
        ...(overlay
          ? {
              position: 'absolute',
              top: 0,
              insetInline: 0,
              zIndex: 2,
              background: 'linear-gradient(rgba(0,0,0,0.7), rgba(0,0,0,0))',
              pb: 2,
            }
          : { bgcolor: 'rgba(255,255,255,0.04)' }),
      }}
    >
      <Action label={t('game.leave')} onClick={onLeave}>
        <ArrowBackIcon sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
      </Action>
      <Typography component="h1" variant="subtitle1" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 700 }}>
        {name}
      </Typography>
      <NativeSelect
        variant="standard"
        value={activeBand}
        onChange={(event) => onBand(event.target.value)}
        inputProps={{ 'aria-label': t('game.quality') }}
        sx={{
          color: 'common.white',
          fontSize: '0.85rem',
          mx: 0.5,
          '& option': { color: 'text.primary', bgcolor: 'background.paper' },
          '& svg': { color: 'common.white' },
        }}
      >
        {bands.map((band) => (
          <option key={band.id} value={band.id}>
            {band.id}
          </option>
        ))}
      </NativeSelect>
      <Action label={muted ? t('game.unmute') : t('game.mute')} onClick={() => patchGame({ muted: !muted })} pressed={!muted}>
        {muted ? <VolumeOffIcon /> : <VolumeUpIcon />}
      </Action>
      <Box sx={{ display: { xs: 'none', sm: 'inline-flex' } }}>
        <Action label={cut ? t('game.fitVideo') : t('game.cropVideo')} onClick={() => patchGame({ cutSreeen: !cut })} pressed={cut}>
          {cut ? <FitScreenIcon /> : <CropIcon />}
        </Action>
      </Box>
      {showRotate && (
        <Action
          label={t('game.rotate')}
          onClick={() => patchGame({ layout: layout === 'rotated' ? 'normal' : 'rotated' })}
          pressed={layout === 'rotated'}
        >
          <ScreenRotationIcon />
        </Action>
      )}
      {fullscreen.supported && (
        <Action
          label={fullscreen.active ? t('game.exitFullscreen') : t('game.fullscreen')}
          onClick={fullscreen.toggle}
          pressed={fullscreen.active}
        >
          {fullscreen.active ? <FullscreenExitIcon /> : <FullscreenIcon />}
        </Action>
      )}
      <Action label={t('game.openSideBar')} onClick={() => patchGame({ sideBar: true })}>
        <AccountBalanceWalletIcon />
      </Action>
    </Box>
  );
});
