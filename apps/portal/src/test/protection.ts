import { limitKeys, type ProtectionStatus } from '@reelcast/protocol';

/**
 * GET /player/protection's answer (docs/player-protection.md): the player's limits, none set unless `cashInDay`
 * (minor units), optionally a raise of it waiting for its cooling-off, and this period's sums.
 */
export const protectionStatus = (cashInDay: number | null = null, pending: number | null = null): ProtectionStatus => ({
  limits: limitKeys.map((key) => ({
    key,
    value: key === 'cashInDay' ? cashInDay : null,
    pending:
      key === 'cashInDay' && pending !== null
        ? { value: pending, requestedAt: '2026-01-01T10:00:00.000Z', confirmableAt: '2099-01-02T10:00:00.000Z' }
        : null,
  })),
  realityCheckMinutes: 60,
  cashIn: { day: 2_500, week: 2_500, month: 2_500 },
  loss: { day: 1_000, week: 1_000, month: 1_000 },
  periodStarts: { day: '2026-01-01T21:00:00.000Z', week: '2025-12-28T21:00:00.000Z', month: '2025-12-31T21:00:00.000Z' },
  timeZone: 'Europe/Istanbul',
  limitsMandatory: false,
});
