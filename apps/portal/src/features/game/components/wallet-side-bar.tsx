import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/shared/config/settings';
import { formatHotCoin } from '@/shared/lib/format';
import { useMoney } from '@/shared/lib/use-money';
import { patchGame, useGameStore } from '../lib/game-store';
import { allInAmount, hotCoinOptions } from '../lib/money';

type WalletSideBarProps = {
  balance: number | undefined;
  transfer: (amount: number) => void;
  cashout: () => void;
  container?: HTMLElement | null;
};

function Figure({ label, value, testId, color }: { label: string; value: string; testId: string; color?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId} sx={{ color, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </Box>
  );
}

const closeSideBar = () => patchGame({ sideBar: false });

/**
 * SPEC §3 sideBar: wallet balance, machine credit, hot-coin transfers, all-in, cash out, volume. A hot
 * coin shows its price in SPEC §9's display form (10.000: credits of one minor unit); its name and hint
 * give the money it moves (₺100,00).
 *
 * The panel's content reads the machine's state itself: while the drawer is closed it is not mounted,
 * so the state the machine pushes with every spin renders nothing here.
 */
export const WalletSideBar = memo(function WalletSideBar({ balance, transfer, cashout, container }: WalletSideBarProps) {
  const { t } = useTranslation();
  const open = useGameStore((state) => state.sideBar);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={closeSideBar}
      container={container ?? undefined}
      slotProps={{ paper: { sx: { width: { xs: '88%', sm: 340 }, maxWidth: 360, p: 2 }, 'aria-label': t('game.sideBar') } as object }}
    >
      <WalletPanel balance={balance} transfer={transfer} cashout={cashout} />
    </Drawer>
  );
});

function WalletPanel({ balance, transfer, cashout }: Omit<WalletSideBarProps, 'container'>) {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const formatMoney = useMoney();
  const machine = useGameStore((state) => state.machine);
  const busy = useGameStore((state) => state.moneyTransfer || state.statusConnection !== 'connected' || state.isLoading);
  const volume = useGameStore((state) => state.volume);
  const money = (minor: number | undefined) => (minor === undefined ? '—' : formatMoney(minor));
  const coins = hotCoinOptions(settings.hotCoins, balance);
  const allIn = allInAmount(balance, settings.maxAllInLimit);

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('game.sideBar')}
        </Typography>
        <IconButton aria-label={t('game.closeSideBar')} onClick={closeSideBar}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Figure label={t('game.balance')} value={money(balance)} testId="side-balance" color="#66bb6a" />
        <Figure label={t('game.machineCredit')} value={money(machine?.credit)} testId="side-credit" color="#ef5350" />
      </Box>
      <Divider />
      <Typography variant="subtitle2" component="h3">
        {t('game.transfer')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1 }}>
        {coins.map(({ amount, enabled }) => (
          <Button
            key={amount}
            variant="outlined"
            disabled={!enabled || busy}
            aria-label={t('game.transferCoin', { amount: formatMoney(amount) })}
            title={formatMoney(amount)}
            onClick={() => transfer(amount)}
            sx={{ minHeight: 48, fontVariantNumeric: 'tabular-nums' }}
          >
            {formatHotCoin(amount, i18n.language)}
          </Button>
        ))}
        <Button
          variant="contained"
          color="warning"
          disabled={allIn <= 0 || busy}
          aria-label={t('game.allInAmount', { amount: formatMoney(allIn) })}
          onClick={() => transfer(allIn)}
          sx={{ minHeight: 48 }}
        >
          {t('game.allIn')}
        </Button>
      </Box>
      <Divider />
      <Box>
        <Button
          fullWidth
          variant="contained"
          color="success"
          disabled={busy || !machine || machine.credit <= 0 || machine.autoplay}
          onClick={cashout}
          sx={{ minHeight: 48 }}
        >
          {t('game.cashout')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('game.cashoutHint')}
        </Typography>
      </Box>
      <Divider />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <VolumeUpIcon aria-hidden />
        <Slider
          aria-label={t('game.volume')}
          value={Math.round(volume * 100)}
          min={0}
          max={100}
          onChange={(_event, value) => {
            const next = (Array.isArray(value) ? value[0]! : value) / 100;
            patchGame({ volume: next, muted: next === 0 });
          }}
        />
      </Box>
    </Stack>
  );
}
