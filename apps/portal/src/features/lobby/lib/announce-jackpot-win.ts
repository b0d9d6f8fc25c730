import type { JackpotWinPush } from '@reelcast/protocol';
import { paths } from '@/shared/config/paths';
import { i18n } from '@/shared/i18n/i18n';
import { defineLazyTexts, type TextsFunction } from '@/shared/i18n/lazy-texts';
import { formatMoney } from '@/shared/lib/format';
import { MESSAGE_BAR_MS, showToast } from '@/shared/toasts/toast-store';

const en = {
  won: '{{winner}} won the {{name}} jackpot of {{amount}} on {{brand}} {{machine}}!',
  mine: 'Congratulations! You won the {{name}} jackpot: {{amount}}.',
};

// Loaded with this module, on the first win pushed: no language's first chunk carries them.
defineLazyTexts('jackpotWin', {
  en,
  tr: {
    won: '{{winner}}, {{brand}} {{machine}} makinesinde {{amount}} değerindeki {{name}} jackpotunu kazandı!',
    mine: 'Tebrikler! {{name}} jackpotunu kazandınız: {{amount}}.',
  },
  ar: {
    won: 'ربح {{winner}} جائزة {{name}} الكبرى بقيمة {{amount}} على {{machine}} من {{brand}}!',
    mine: 'تهانينا! لقد ربحت جائزة {{name}} الكبرى: {{amount}}.',
  },
});

const text: TextsFunction<typeof en> = (key, options) => i18n.t(`jackpotWin.${key}` as never, options as never) as unknown as string;

/**
 * A jackpot hit (the notification socket's jackpot-win push): the lobby and the brand pages announce it
 * in a toast, and the winner, wherever they are (usually at the machine), is congratulated. The toast
 * speaks politely (role status): a screen reader hears a win once, never the meters' every tick.
 * `currency` (Settings.json's) comes from the caller: this chunk then needs no module the listeners' lacks.
 */
export function announceJackpotWin(push: JackpotWinPush, currency: string, pathname = window.location.pathname): void {
  if (!push.mine && !pathname.startsWith(paths.lobby.path)) return;
  const values = {
    winner: push.winner,
    name: push.name,
    amount: formatMoney(push.amount, i18n.language, currency),
    brand: push.brand,
    machine: push.machine,
  };
  showToast(text(push.mine ? 'mine' : 'won', values), {
    severity: push.mine ? 'success' : 'info',
    autoHideDuration: MESSAGE_BAR_MS,
    polite: true,
    // Someone else's win is news the Notifications switch may silence; the player's own is their money.
    notification: !push.mine,
  });
}
