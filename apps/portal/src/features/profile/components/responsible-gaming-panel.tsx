import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  limitKeys,
  limitPeriods,
  realityCheckIntervals,
  type ExclusionRequest,
  type LimitKey,
  type LimitsChangeRequest,
  type ProtectionStatus,
} from '@reelcast/protocol';
import { LoadingScreen } from '@/shared/components/loading-screen';
import { formatDateTime, formatMoney } from '@/shared/lib/format';
import { endSession } from '@/shared/session/session-store';
import { showMessage, showToast } from '@/shared/toasts/toast-store';
import { useChangeLimits, useChangeRealityCheck, useConfirmLimit } from '../api/change-protection';
import { useProtection } from '../api/get-protection';
import { useStartExclusion } from '../api/start-exclusion';
import { limitTextOf, limitValueOf, moneyKeys } from '@/shared/lib/limit-fields';

/** Profile → Responsible gaming (docs/player-protection.md): loaded lazily with the profile page. */
export function ResponsibleGamingPanel() {
  const { t } = useTranslation();
  const protection = useProtection();
  return (
    <Card component="section" aria-labelledby="protection-heading" sx={{ gridColumn: '1 / -1' }}>
      <CardContent>
        <Typography id="protection-heading" variant="h6" component="h2" gutterBottom>
          {t('profile.protection.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('profile.protection.intro')}
        </Typography>
        {protection.data ? <ProtectionForms status={protection.data} /> : <LoadingScreen />}
      </CardContent>
    </Card>
  );
}

function ProtectionForms({ status }: { status: ProtectionStatus }) {
  return (
    <Stack spacing={3}>
      <Figures status={status} />
      <LimitsForm status={status} />
      <RealityCheck minutes={status.realityCheckMinutes} />
      <TakeABreak />
    </Stack>
  );
}

function Figures({ status }: { status: ProtectionStatus }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, i18n.language);
  return (
    <Box
      component="dl"
      aria-label={t('profile.protection.figures')}
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 1, m: 0 }}
    >
      {limitPeriods.map((period) => (
        <Box key={period}>
          <Typography component="dt" variant="subtitle2">
            {t(`profile.protection.period.${period}`)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {t('profile.protection.cashInUsed', { used: money(status.cashIn[period]) })}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {t('profile.protection.lossUsed', { used: money(status.loss[period]) })}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function LimitsForm({ status }: { status: ProtectionStatus }) {
  const { t, i18n } = useTranslation();
  const change = useChangeLimits();
  const confirm = useConfirmLimit();
  const valueOf = (key: LimitKey) => status.limits.find((limit) => limit.key === key);
  const [texts, setTexts] = useState<Record<LimitKey, string>>(
    () => Object.fromEntries(limitKeys.map((key) => [key, limitTextOf(key, valueOf(key)?.value ?? null)])) as Record<LimitKey, string>,
  );
  const parsed = Object.fromEntries(limitKeys.map((key) => [key, limitValueOf(key, texts[key])])) as Record<
    LimitKey,
    number | null | undefined
  >;
  const invalid = limitKeys.some((key) => parsed[key] === undefined);

  const save = () => {
    const limits: LimitsChangeRequest['limits'] = {};
    for (const key of limitKeys) {
      const next = parsed[key];
      if (next !== undefined && next !== (valueOf(key)?.value ?? null)) limits[key] = next;
    }
    change.mutate({ limits }, { onSuccess: () => showToast(t('profile.protection.saved'), { severity: 'success' }) });
  };
  const shown = (key: LimitKey, value: number) => (moneyKeys.has(key) ? formatMoney(value, i18n.language) : String(value));

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => (event.preventDefault(), save())}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' }, gap: 2 }}>
        {limitKeys.map((key) => {
          const pending = valueOf(key)?.pending;
          return (
            <Stack key={key} spacing={0.5}>
              <TextField
                label={t(`profile.protection.limits.${key}`)}
                value={texts[key]}
                inputMode={moneyKeys.has(key) ? 'decimal' : 'numeric'}
                onChange={(event) => setTexts((current) => ({ ...current, [key]: event.target.value }))}
                error={parsed[key] === undefined}
                helperText={parsed[key] === undefined ? t('profile.protection.invalid') : t('profile.protection.noLimit')}
              />
              {pending && (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="caption" color="warning.main">
                    {pending.value === null
                      ? t('profile.protection.pendingRemoval', { at: formatDateTime(pending.confirmableAt) })
                      : t('profile.protection.pending', { value: shown(key, pending.value), at: formatDateTime(pending.confirmableAt) })}
                  </Typography>
                  {pending && (
                    <Button
                      size="small"
                      onClick={() =>
                        confirm.mutate(key, { onSuccess: () => showToast(t('profile.protection.confirmed'), { severity: 'success' }) })
                      }
                    >
                      {t('profile.protection.confirm')}
                    </Button>
                  )}
                </Stack>
              )}
            </Stack>
          );
        })}
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={invalid || change.isPending}>
          {t('profile.protection.save')}
        </Button>
      </Box>
    </Stack>
  );
}

function RealityCheck({ minutes }: { minutes: number }) {
  const { t } = useTranslation();
  const change = useChangeRealityCheck();
  const choices: number[] = [...realityCheckIntervals];
  return (
    <TextField
      select
      label={t('profile.protection.realityCheck')}
      value={choices.includes(minutes) ? minutes : ''}
      onChange={(event) => change.mutate(Number(event.target.value))}
      sx={{ maxWidth: 280 }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {t('profile.protection.realityCheckMinutes', { minutes: choice })}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Time-outs in hours and self-exclusions in months, within the server's bounds. */
const breaks: { id: string; request: ExclusionRequest; label: (t: TFunction) => string }[] = [
  { id: 't24', request: { kind: 'time-out', hours: 24 }, label: (t) => t('profile.protection.hours', { hours: 24 }) },
  { id: 't72', request: { kind: 'time-out', hours: 72 }, label: (t) => t('profile.protection.hours', { hours: 72 }) },
  { id: 't1w', request: { kind: 'time-out', hours: 168 }, label: (t) => t('profile.protection.weeks', { weeks: 1 }) },
  { id: 't6w', request: { kind: 'time-out', hours: 1008 }, label: (t) => t('profile.protection.weeks', { weeks: 6 }) },
  { id: 's6m', request: { kind: 'self-exclusion', months: 6 }, label: (t) => t('profile.protection.months', { months: 6 }) },
  { id: 's1y', request: { kind: 'self-exclusion', months: 12 }, label: (t) => t('profile.protection.years', { years: 1 }) },
  { id: 's5y', request: { kind: 'self-exclusion', months: 60 }, label: (t) => t('profile.protection.years', { years: 5 }) },
];

function TakeABreak() {
  const { t } = useTranslation();
  const exclusion = useStartExclusion();
  const [chosen, setChosen] = useState(breaks[0]!.id);
  const [asking, setAsking] = useState(false);
  const choice = breaks.find((b) => b.id === chosen)!;
  const start = () =>
    exclusion.mutate(choice.request, {
      onSuccess: (answer) => {
        showMessage(t('profile.protection.excludedUntil', { until: formatDateTime(answer.until) }), 'info');
        endSession();
      },
    });
  return (
    <Stack spacing={1} component="section" aria-labelledby="break-heading">
      <Typography id="break-heading" variant="subtitle1" component="h3">
        {t('profile.protection.breakTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('profile.protection.breakHint')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          label={t('profile.protection.breakTitle')}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ minWidth: 240 }}
        >
          {breaks.map((b) => (
            <MenuItem key={b.id} value={b.id}>
              {`${t(b.request.kind === 'time-out' ? 'profile.protection.timeOut' : 'profile.protection.selfExclusion')}: ${b.label(t)}`}
            </MenuItem>
          ))}
        </TextField>
        {asking ? (
          <>
            <Button variant="contained" color="error" onClick={start} disabled={exclusion.isPending}>
              {t('profile.protection.startConfirm')}
            </Button>
            <Button onClick={() => setAsking(false)}>{t('profile.protection.cancel')}</Button>
          </>
        ) : (
          <Button variant="outlined" color="error" onClick={() => setAsking(true)}>
            {t('profile.protection.start')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
