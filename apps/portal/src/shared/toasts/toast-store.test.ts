import { beforeEach, describe, expect, it } from 'vitest';
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
