import { describe, expect, it } from 'vitest';
import type { JackpotWinPush } from '@reelcast/protocol';
import { i18n } from '@/shared/i18n/i18n';
import { dismissAllToasts, MESSAGE_BAR_MS, useToastStore } from '@/shared/toasts/toast-store';
import { announceJackpotWin } from './announce-jackpot-win';

const win = (over: Partial<JackpotWinPush> = {}): JackpotWinPush => ({
  brandId: 1,
  brand: 'Novomatic',
  tier: 0,
  name: 'Grand',
  amount: 1_250_050,
  machineId: 11,
  machine: 'Book of Ra',
  winner: 'D***',
  mine: false,
  ...over,
});
const toasts = () => useToastStore.getState().toasts;

describe('announceJackpotWin', () => {
  it('in the lobby and on a brand page: who won which meter, how much (money format), where; spoken politely', () => {
    announceJackpotWin(win(), 'EUR', '/lobby');
    expect(toasts()).toEqual([
      expect.objectContaining({
        message: 'D*** won the Grand jackpot of €12,500.50 on Novomatic Book of Ra!',
        severity: 'info',
        polite: true,
        autoHideDuration: MESSAGE_BAR_MS,
      }),
    ]);
    dismissAllToasts();
    announceJackpotWin(win(), 'TRY', '/lobby/1/Novomatic');
    expect(toasts()).toHaveLength(1);
  });

  it("someone else's win is not shown away from the lobby; the winner is congratulated anywhere", () => {
    announceJackpotWin(win(), 'TRY', '/game/11/Book%20of%20Ra');
    announceJackpotWin(win(), 'TRY', '/profile');
    expect(toasts()).toEqual([]);

    announceJackpotWin(win({ mine: true, name: 'Mini', amount: 5_000 }), 'TRY', '/game/11/Book%20of%20Ra');
    expect(toasts()).toEqual([expect.objectContaining({ severity: 'success', polite: true })]);
    expect(toasts()[0]?.message).toMatch(/^Congratulations! You won the Mini jackpot: .*50\.00\.$/);
  });

  it('speaks Turkish and Arabic', async () => {
    await i18n.changeLanguage('tr');
    announceJackpotWin(win({ mine: true }), 'TRY', '/lobby');
    expect(toasts()[0]?.message).toMatch(/^Tebrikler! Grand jackpotunu kazandınız: .*12\.500,50/);
    await i18n.changeLanguage('ar');
    announceJackpotWin(win(), 'TRY', '/lobby');
    expect(toasts()[0]?.message).toMatch(/^ربح D\*\*\* جائزة Grand الكبرى بقيمة .+ على Book of Ra من Novomatic!$/);
  });
});
