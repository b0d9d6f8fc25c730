import { memo, useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { GameButton } from '@reelcast/protocol';
import { useSettings } from '@/shared/config/settings';
import { useGameStore } from '../lib/game-store';

type GameControlsProps = {
  press: (button: GameButton) => void;
  /** Wallet balance in minor units, undefined while loading: with the machine's credit, whether there is anything to play with. */
  balance: number | undefined;
  landscape: boolean;
  /** A short screen (a phone held sideways): smaller buttons, three to a row, so Spin stays on screen. */
  compact?: boolean;
};

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.getAttribute('role') === 'slider' ||
    target.getAttribute('role') === 'combobox');

/**
 * The buttons light up and go dark at once, as a cabinet's do: without MUI's colour transitions. With
 * them, the six buttons turning on at the join were 84 transition events (run and start of five colours
 * each, then their ends), each through React's root listener: a task of ~100 ms on a phone (4x CPU).
 * The ripple still answers a press.
 */
const instant = { transition: 'none' } as const;

/** The cabinet's buttons. Each sends `press {button}`; Space spins. */
export const GameControls = memo(function GameControls({ press, balance, landscape, compact = false }: GameControlsProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  /** Whether the pointer press of the click under way has spun already (mouse and pen spin on press). */
  const spunOnPress = useRef(false);
  const connected = useGameStore((state) => state.statusConnection === 'connected' && !state.isLoading);
  const locked = useGameStore((state) => state.machine?.locked ?? false);
  const autoplay = useGameStore((state) => state.autoplay);
  /**
   * SPEC §9 zero-balance-may-play off and nothing to play with: SPIN stays off, a message says why. Only
   * whether there is nothing is read from the store: the credit changes with every spin, and the six
   * buttons would render again for each change.
   */
  const zeroBalance = useGameStore(
    (state) => !settings.zeroBalanceMayPlay && balance !== undefined && state.machine !== null && balance + state.machine.credit === 0,
  );
  const playable = connected && !locked;
  const spinEnabled = playable && !zeroBalance && !autoplay;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== 'Space' && event.key !== ' ') return;
      if (typing(event.target) || event.repeat) return;
      // Space on a focused button would press that button too: SPIN only.
      event.preventDefault();
      if (event.type === 'keydown' && spinEnabled) press('SPIN');
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
    };
  }, [press, spinEnabled]);

  const small = (button: GameButton, extra: { pressed?: boolean; disabled?: boolean } = {}) => (
    <Button
      key={button}
      variant={extra.pressed ? 'contained' : 'outlined'}
      color={button === 'COLLECT' ? 'success' : button === 'AUTOPLAY' ? 'secondary' : 'inherit'}
      aria-label={t(`game.buttons.${button}`)}
      aria-pressed={button === 'AUTOPLAY' ? !!extra.pressed : undefined}
      disabled={extra.disabled ?? !playable}
      onClick={() => press(button)}
      sx={{ minHeight: compact ? 40 : 52, fontSize: compact ? '0.85rem' : '0.95rem', px: compact ? 0.5 : 1, lineHeight: 1.1, ...instant }}
    >
      {t(`game.buttons.${button}`)}
    </Button>
  );

  return (
    <Box role="group" aria-label={t('game.controls')} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {locked && (
        <Alert severity="warning" variant="outlined" sx={{ py: 0 }}>
          <strong>{t('game.locked')}</strong> {t('game.lockedHint')}
        </Alert>
      )}
      {zeroBalance && !locked && (
        <Alert severity="info" variant="outlined" sx={{ py: 0 }} data-testid="zero-balance">
          {t('game.zeroBalance')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: landscape && !compact ? 'repeat(2, 1fr)' : 'repeat(3, 1fr)', gap: 1 }}>
        {small('BET_DOWN', { disabled: !playable || autoplay })}
        {small('BET_UP', { disabled: !playable || autoplay })}
        {small('MAX_BET', { disabled: !playable || autoplay })}
        {small('AUTOPLAY', { pressed: autoplay, disabled: !playable || (zeroBalance && !autoplay) })}
        {small('COLLECT', { disabled: !playable || autoplay })}
      </Box>
      <Button
        variant="contained"
        color="primary"
        aria-label={t('game.buttons.SPIN')}
        aria-keyshortcuts="Space"
        disabled={!spinEnabled}
        // A mouse or pen spins when pressed, as a cabinet's button does, not when released: a click's
        // press-to-release time (~0.1 s) is not added to the spin, and the click that follows is that same
        // press. A touch spins on the tap (click): a finger that lands on Spin to scroll the page must not
        // play. A click without a pointer (Enter, assistive technology: detail 0) always spins.
        onPointerDown={(event) => {
          spunOnPress.current = event.isPrimary && event.button === 0 && event.pointerType !== 'touch';
          if (spunOnPress.current) press('SPIN');
        }}
        onClick={(event) => {
          if (event.detail === 0 || !spunOnPress.current) press('SPIN');
          spunOnPress.current = false;
        }}
        sx={{
          minHeight: compact ? 56 : 72,
          fontSize: compact ? '1.25rem' : '1.5rem',
          fontWeight: 800,
          letterSpacing: 2,
          borderRadius: 999,
          ...instant,
        }}
      >
        {t('game.buttons.SPIN')}
      </Button>
    </Box>
  );
});
