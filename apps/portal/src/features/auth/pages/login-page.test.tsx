import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSettings, setSettings } from '@/shared/config/settings';
import { markGuest } from '@/shared/session/session-store';
import { renderApp } from '@/test/render-app';

describe('login page modes', () => {
  it('splash mode shows only the logo until it is clicked', async () => {
    setSettings({ ...defaultSettings, splash: true });
    markGuest();
    renderApp('/login');
    const splash = await screen.findByRole('button', { name: 'Click to continue' });
    expect(screen.queryByLabelText(/Email or username/)).toBeNull();
    await userEvent.setup().click(splash);
    expect(screen.getByLabelText(/Email or username/)).toBeTruthy();
  });

  it('token-only mode replaces the form with the SPEC texts', async () => {
    setSettings({ ...defaultSettings, tokenOnlyLogin: true });
    markGuest();
    renderApp('/login');
    expect(await screen.findByText('LOGIN is not allowed.')).toBeTruthy();
    expect(screen.getByText('Probably Access Token is no longer valid')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('shows only the configured contact icons when contact-on-login is on', async () => {
    setSettings({
      ...defaultSettings,
      contactOnLogin: true,
      contacts: { telegram: '@reelcast', whatsapp: '+90 555 000 00 00', whatsapp2: '' },
    });
    markGuest();
    renderApp('/login');
    const telegram = await screen.findByRole('link', { name: 'Contact us on Telegram' });
    expect(telegram.getAttribute('href')).toBe('https://t.me/reelcast');
    expect(screen.getByRole('link', { name: 'Contact us on WhatsApp' }).getAttribute('href')).toBe('https://wa.me/905550000000');
    expect(screen.queryByRole('link', { name: 'Contact us on our second WhatsApp line' })).toBeNull();
  });

  it('hides the contact icons when contact-on-login is off', async () => {
    setSettings({ ...defaultSettings, contactOnLogin: false, contacts: { telegram: '@reelcast', whatsapp: '', whatsapp2: '' } });
    markGuest();
    renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('link', { name: 'Contact us on Telegram' })).toBeNull();
  });

  it('switches between Turkish and English with the simpler switcher (SPEC §1, §9): texts, <html lang> and the stored choice', async () => {
    markGuest();
    renderApp('/login');
    const user = userEvent.setup();
    const switcher = await screen.findByRole('group', { name: 'Language' });
    expect(
      within(switcher)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['TR', 'EN']);
    expect(within(switcher).getByRole('button', { name: /^EN/ }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(switcher).getByRole('button', { name: /^TR/ }));

    expect(await screen.findByRole('group', { name: 'Dil' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^TR/ }).getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.lang).toBe('tr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(window.localStorage.getItem('language')).toBe('tr');
  });

  it('hides the language button when the settings switch it off', async () => {
    setSettings({ ...defaultSettings, languageSelect: false });
    markGuest();
    renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
  });
});
