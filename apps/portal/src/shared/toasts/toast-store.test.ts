import { beforeEach, describe, expect, it } from 'vitest';
import { changeShellSettings } from '@/shared/shell-settings/shell-settings';
import { dismissAllToasts, showMessage, showToast, useToastStore } from './toast-store';

describe('toast store', () => {
  beforeEach(() => dismissAllToasts());

  it('shows the newest message at once instead of queueing it behind the first', () => {
    showMessage('2 attempts left');
    showMessage('1 attempt left');
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['1 attempt left']);
  });

  it('keeps a fixed id across updates (a countdown stays one toast)', () => {
    showToast('10', { id: 'countdown' });
    showToast('9', { id: 'countdown' });
    expect(useToastStore.getState().toasts).toEqual([expect.objectContaining({ id: 'countdown', message: '9' })]);
  });

  it('dismissAllToasts closes everything', () => {
    showMessage('wrong password');
    dismissAllToasts();
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});

describe('Notifications switch (quick panel; docs/quick-panel.md)', () => {
  beforeEach(() => dismissAllToasts());
  const shown = () => useToastStore.getState().toasts.map((t) => t.message);

  it('with Notifications off, notifications do not show; the answers to what the player did, warnings and errors do', () => {
    changeShellSettings({ quickSettings: { notifications: false } });
    showToast('New event: tournament', { notification: true });
    expect(shown()).toEqual([]);
    showMessage('Cashed out 10.00', 'success');
    expect(shown()).toEqual(['Cashed out 10.00']);
    showMessage('Insufficient funds.');
    // A muted notification does not take an error's place either.
    showToast('Jackpot won by D***', { severity: 'info', notification: true });
    expect(shown()).toEqual(['Insufficient funds.']);
    showMessage('You were removed from the game', 'info');
    expect(shown()).toEqual(['You were removed from the game']);
  });

  it('with Notifications on (the default), every toast shows', () => {
    showToast('New event: tournament', { notification: true });
    expect(shown()).toEqual(['New event: tournament']);
    changeShellSettings({ quickSettings: { notifications: false } });
    changeShellSettings({ quickSettings: { notifications: true } });
    showToast('Jackpot won by D***', { notification: true });
    expect(shown()).toEqual(['Jackpot won by D***']);
  });
});
