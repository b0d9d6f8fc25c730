import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ConsolePlayer, ExclusionKind } from '@reelcast/protocol';
import { translateError } from '@/shared/api/translate-error';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { formatDateTime } from '@/shared/lib/format';
import { moneyKeys } from '@/shared/lib/limit-fields';
import { useMoney } from '@/shared/lib/use-money';
import { useMoneyRequests } from '../api/get-money-requests';
import { usePlayer, usePlayerSessions, usePlayerTransactions } from '../api/get-player';
import { usePlayersTexts } from '../lib/players-texts';
import { auditDetail } from './audit-detail';
import { MoneyDialog } from './money-dialog';
import { PlainTable } from './plain-table';
import { PlayerActionDialog, type PlayerActionKind } from './player-action-dialog';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: 2, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function MoneyAction({ player }: { player: ConsolePlayer }) {
  const t = usePlayersTexts();
  const [open, setOpen] = useState(false);
  const pending = useMoneyRequests('pending');
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        {t('actions.money')}
      </Button>
      {open && <MoneyDialog player={player} approvalAbove={pending.data?.approvalAbove} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The player page (docs/console.md "Players"): who they are, their money and play, and the actions on them. */
export function PlayerPanel({ playerId, isAdmin }: { playerId: number; isAdmin: boolean }) {
  const t = usePlayersTexts();
  const { t: common } = useTranslation();
  const money = useMoney();
  const detail = usePlayer(playerId);
  const sessions = usePlayerSessions(playerId);
  const transactions = usePlayerTransactions(playerId);
  const [acting, setActing] = useState<PlayerActionKind | null>(null);

  if (detail.isPending) return <CircularProgress aria-label={t('player.profile')} />;
  if (detail.isError) return <LoadFailedAlert onRetry={() => void detail.refetch()}>{translateError(detail.error)}</LoadFailedAlert>;
  const { player, balance, lockedUntil, protection, exclusions, signIns, audit } = detail.data;
  const actions: PlayerActionKind[] = [player.bannedAt ? 'unban' : 'ban', ...(lockedUntil ? (['unlock'] as const) : []), 'pin'];
  const line = (label: string, value: string) => (
    <Typography variant="body2">
      <Box component="span" sx={{ fontWeight: 700 }}>
        {label}:
      </Box>{' '}
      {value}
    </Typography>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Section title={`${t('player.profile')}: ${player.username}`}>
        {line('#', String(player.id))}
        {line(t('player.email'), player.email)}
        {line(t('player.role'), player.role)}
        {line(t('player.since'), formatDateTime(player.createdAt))}
        {line(t('player.lastLogon'), `${formatDateTime(player.lastLogonAt)} ${player.lastLogonIp ?? ''}`)}
        {line(t('player.pin'), player.hasPin ? t('player.pinSet') : t('player.pinNone'))}
        <Typography variant="body2" role="status" data-testid="ban-state">
          {player.bannedAt
            ? t('player.banned', { time: formatDateTime(player.bannedAt), reason: player.banReason ?? '' })
            : t('player.active')}
        </Typography>
        <Typography variant="body2">
          {lockedUntil ? t('player.locked', { time: formatDateTime(lockedUntil) }) : t('player.notLocked')}
        </Typography>
        <Typography variant="h5" component="p" sx={{ my: 1 }} data-testid="player-balance">
          {t('player.balance')}: {money(balance)}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {actions.map((kind) => (
            <Button key={kind} variant="outlined" color={kind === 'ban' ? 'error' : 'primary'} onClick={() => setActing(kind)}>
              {t(`actions.${kind}`)}
            </Button>
          ))}
          {isAdmin && <MoneyAction player={player} />}
        </Box>
      </Section>
      <Section title={t('player.limits')}>
        {protection.limits.length || exclusions.length ? (
          <>
            {protection.limits.map((limit) => (
              <Typography key={limit.key} variant="body2">
                {common(`profile.protection.limits.${limit.key}`)}:{' '}
                {limit.value === null ? '—' : moneyKeys.has(limit.key) ? money(limit.value) : String(limit.value)}
              </Typography>
            ))}
            {exclusions.map((exclusion) => (
              <Typography key={exclusion.startsAt} variant="body2">
                {t('player.exclusion', {
                  kind: t(`player.exclusionKinds.${exclusion.kind as ExclusionKind}`),
                  until: formatDateTime(exclusion.until),
                })}
              </Typography>
            ))}
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('player.noLimits')}
          </Typography>
        )}
      </Section>
      <Section title={t('player.transactions')}>
        <PlainTable
          headers={[t('columns.time'), t('columns.type'), t('columns.amount')]}
          rows={(transactions.data?.items ?? []).map((item) => ({
            key: item.id,
            cells: [formatDateTime(item.createdAt), item.memo || item.actionName, money(item.amount, { signed: true })],
          }))}
          empty={t('player.nothing')}
        />
      </Section>
      <Section title={t('player.sessions')}>
        <PlainTable
          headers={[t('columns.time'), t('columns.machine'), t('columns.net')]}
          rows={(sessions.data?.items ?? []).map((item) => ({
            key: item.id,
            cells: [formatDateTime(item.startedAt), item.machineName, money(item.net, { signed: true })],
          }))}
          empty={t('player.nothing')}
        />
      </Section>
      <Section title={t('player.signIns')}>
        <PlainTable
          headers={[t('columns.time'), t('columns.ip'), t('columns.ended')]}
          rows={signIns.map((signIn) => ({
            key: signIn.at,
            cells: [formatDateTime(signIn.at), signIn.ip, formatDateTime(signIn.revokedAt)],
          }))}
          empty={t('player.nothing')}
        />
      </Section>
      <Section title={t('player.audit')}>
        <PlainTable
          headers={[t('columns.time'), t('columns.who'), t('columns.what'), t('columns.detail')]}
          rows={audit.map((item) => ({ key: item.id, cells: [formatDateTime(item.at), item.username, item.type, auditDetail(item)] }))}
          empty={t('player.nothing')}
        />
      </Section>
      {acting && <PlayerActionDialog player={player} kind={acting} onClose={() => setActing(null)} />}
    </Box>
  );
}
