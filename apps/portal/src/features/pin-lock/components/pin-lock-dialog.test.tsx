import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dialog from '@mui/material/Dialog';
import { ErrorCode } from '@reelcast/protocol';
import { changeLanguage } from '@/shared/i18n/i18n';
import { json, mockFetch } from '@/test/fetch-mock';
import { pinCheckSettings, signInWithPin, storedLock, testVerifier } from '../lib/pin-lock-test-helpers';
import { PinLockDialog } from './pin-lock-dialog';

const verifier = testVerifier('1234');

/** The dialog of a locked session (`failures` wrong PINs so far), with the app's logout and unlock seen by the test. */
function renderDialog({ failures = 0, logout = vi.fn(async () => {}) } = {}) {
  pinCheckSettings();
  signInWithPin(verifier);
  window.localStorage.setItem('pin_lock', JSON.stringify({ session: 'session-1', failures }));
  const onUnlock = vi.fn();
  render(<PinLockDialog verifier={verifier} logout={logout} onUnlock={onUnlock} />);
  return { logout, onUnlock, user: userEvent.setup() };
}

const pinField = () => screen.getByLabelText('PIN');

async function typePin(user: ReturnType<typeof userEvent.setup>, pin: string) {
  await user.clear(pinField());
  await user.type(pinField(), `${pin}{Enter}`);
}

afterEach(() => changeLanguage('en'));

describe('PIN lock dialog (SPEC §2 idle dialog, §8, §9)', () => {
  it("is a modal dialog with the title, description, 'LOCKED !', the protection message, a PIN field, Unlock, Logout and the Turkish hint", async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Screen locked' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog).toHaveProperty('textContent', expect.stringContaining('You have been away for a while. Enter your PIN to go on.'));
    expect(within(dialog).getByText('LOCKED !')).toBeTruthy();
    expect(within(dialog).getByText('Your session is locked to protect your account while you are away.')).toBeTruthy();
    const field = pinField();
    expect([field.getAttribute('type'), field.getAttribute('inputmode'), field.getAttribute('autocomplete')]).toEqual([
      'password',
      'numeric',
      'off',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(within(dialog).getByRole('button', { name: 'Unlock' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByTestId('pin-hint').textContent).toBe(
      'Your default PIN code: ••••. If you do not know your PIN, log out and contact support.',
    );
    expect(dialog.textContent).not.toContain('1234');
  });

  it('neither Esc nor a click outside closes it', async () => {
    const { onUnlock, user } = renderDialog();
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await user.click(document.querySelector('.MuiBackdrop-root')!);
    expect(screen.getByRole('dialog', { name: 'Screen locked' })).toBeTruthy();
    expect(onUnlock).not.toHaveBeenCalled();
  });

  it('the right PIN unlocks', async () => {
    const { onUnlock, logout, user } = renderDialog();
    await typePin(user, '1234');
    await waitFor(() => expect(onUnlock).toHaveBeenCalledTimes(1));
    expect(logout).not.toHaveBeenCalled();
  });

  it('a wrong PIN says how many tries are left, counts in storage and empties the field; an empty one asks for the PIN', async () => {
    const { onUnlock, user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter your PIN.');
    await typePin(user, '4321');
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toBe(
      'Wrong PIN. 4 attempts left before you are logged out.',
    );
    expect(storedLock()).toEqual({ session: 'session-1', failures: 1 });
    expect((pinField() as HTMLInputElement).value).toBe('');
    await typePin(user, '1111');
    await screen.findByText('Wrong PIN. 3 attempts left before you are logged out.');
    expect(onUnlock).not.toHaveBeenCalled();
  });

  it('the fifth wrong PIN logs out (the count went on from before a reload); the lock goes once the logout has run', async () => {
    let finishLogout!: () => void;
    const logout = vi.fn(() => new Promise<void>((resolve) => (finishLogout = resolve)));
    const { onUnlock, user } = renderDialog({ failures: 3, logout });
    await typePin(user, '0000');
    await screen.findByText('Wrong PIN. 1 attempt left before you are logged out.');
    expect(logout).not.toHaveBeenCalled();
    await typePin(user, '9999');
    await screen.findByText('Too many wrong PINs: you are being logged out.');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText('PIN')).toBeNull();
    expect(screen.getByRole('button', { name: 'Logging out…' })).toBeTruthy();
    expect(storedLock()?.failures).toBe(5);
    act(() => finishLogout());
    await waitFor(() => expect(storedLock()).toBeNull());
    expect(onUnlock).not.toHaveBeenCalled();
  });

  it('opened with five wrong PINs already counted (a reload), it logs out at once and takes no PIN', async () => {
    const { logout } = renderDialog({ failures: 5 });
    await screen.findByText('Too many wrong PINs: you are being logged out.');
    expect(screen.queryByLabelText('PIN')).toBeNull();
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it('Logout logs out, then clears the lock; a logout that could not start says so and can be tried again', async () => {
    const logout = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    const { user } = renderDialog({ failures: 2, logout });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You could not be logged out: check your connection and try again.');
    expect(storedLock()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(storedLock()).toBeNull());
    expect(logout).toHaveBeenCalledTimes(2);
  });

  it('a modal the app opens after it (the game idle prompt) does not take the top nor the focus', async () => {
    renderDialog();
    await waitFor(() => expect(document.activeElement).toBe(pinField()));
    render(
      <Dialog open aria-label="Deactivated Detected">
        <button autoFocus>Continue</button>
      </Dialog>,
    );
    await waitFor(() => {
      const modals = [...document.body.children].filter((node) => node.classList.contains('MuiModal-root'));
      expect(modals).toHaveLength(2);
      expect(modals.at(-1)!.hasAttribute('data-pin-lock')).toBe(true);
      expect(document.activeElement).toBe(pinField());
    });
  });

  it('speaks Arabic and Turkish, the PIN hint too (SPEC §9: the Turkish text)', async () => {
    await changeLanguage('ar');
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'تم قفل الشاشة' });
    expect(within(dialog).getByLabelText('رمز PIN')).toBeTruthy();
    expect(within(dialog).getByText('LOCKED !')).toBeTruthy();
    expect(screen.getByTestId('pin-hint').textContent).toMatch(/^رمز PIN الافتراضي الخاص بك: ••••\./);
    await changeLanguage('tr');
    expect(await screen.findByRole('button', { name: 'Kilidi aç' })).toBeTruthy();
    expect(screen.getByTestId('pin-hint').textContent).toBe(
      'Varsayılan PIN kodunuz: ••••. PIN kodunuzu bilmiyorsanız çıkış yapın ve destek ekibine başvurun.',
    );
  });

  it("shows the player's PIN in the hint only on request, once the account password is right", async () => {
    const sent: unknown[] = [];
    mockFetch({
      'POST /player/pin': async ({ body }) => {
        sent.push(body);
        return (body as { password: string }).password === 'secret'
          ? json({ pin: '4821' })
          : json({ code: ErrorCode.OldPasswordWrong, ErrorMessage: 'old password is wrong', Params: {} }, 400);
      },
    });
    await changeLanguage('tr');
    const { onUnlock, user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Ekran kilitlendi' });
    const hint = () => screen.getByTestId('pin-hint').textContent;
    expect(hint()).toMatch(/^Varsayılan PIN kodunuz: ••••\./);

    await user.click(within(dialog).getByRole('button', { name: 'PIN kodumu göster' }));
    const password = within(dialog).getByLabelText('Hesap şifreniz');
    await waitFor(() => expect(document.activeElement).toBe(password));
    await user.type(password, 'wrong{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Şifre yanlış.');
    expect(hint()).toMatch(/^Varsayılan PIN kodunuz: ••••\./);
    await user.type(password, 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Göster' }));
    await waitFor(() =>
      expect(hint()).toBe('Varsayılan PIN kodunuz: 4821. PIN kodunuzu bilmiyorsanız çıkış yapın ve destek ekibine başvurun.'),
    );
    expect(sent).toEqual([{ password: 'wrong' }, { password: 'secret' }]);
    // Enter in the password field showed the PIN; it did not submit the PIN form.
    expect(within(dialog).queryByText('PIN kodunuzu girin.')).toBeNull();
    expect(onUnlock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'PIN kodumu gizle' }));
    expect(hint()).toMatch(/^Varsayılan PIN kodunuz: ••••\./);
  });
});
