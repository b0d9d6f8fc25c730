import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { changeLanguage, i18n } from '@/shared/i18n/i18n';
import { markGuest } from '@/shared/session/session-store';
import { getSavedShellSettings, getShellSettings } from '@/shared/shell-settings/shell-settings';
import { DirectionProvider } from '@/shared/theme/direction-provider';
import { SettingsPanelButtons } from './settings-panel-buttons';

function renderButtons() {
  markGuest();
  render(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider>
        <SettingsPanelButtons />
      </DirectionProvider>
    </I18nextProvider>,
  );
  return userEvent.setup();
}

async function openSettings(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Theme Settings' }));
  return screen.findByRole('dialog', { name: 'Theme Settings' });
}

const radioNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);

describe('Theme Settings drawer', () => {
  it('opens from its edge button with every option of SPEC §2, and Esc closes it, focus back on the button', async () => {
    const user = renderButtons();
    const drawer = await openSettings(user);
    expect(drawer.contains(document.activeElement)).toBe(true);
    expect(radioNames(within(drawer).getByRole('radiogroup', { name: 'Layout style' }))).toEqual([
      'Vertical navigation',
      'Horizontal navigation',
      'Horizontal compact',
    ]);
    expect(within(drawer).getByText('*Not all option combinations are available')).toBeTruthy();
    for (const part of ['Main', 'Navbar', 'Toolbar', 'Footer']) {
      expect(within(drawer).getByRole('combobox', { name: part }).textContent).toBe('Midnight Gold');
    }
    expect(within(drawer).getByRole('switch', { name: 'Custom Scrollbars' })).toHaveProperty('checked', true);
    expect(within(drawer).getByRole('switch', { name: 'Animations' })).toHaveProperty('checked', true);
    expect(radioNames(within(drawer).getByRole('radiogroup', { name: 'Direction' }))).toEqual(['Language default (LTR)', 'LTR', 'RTL']);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Theme Settings' }));
  });

  it("shows the chosen layout's own options; a style change resets them", async () => {
    const user = renderButtons();
    const drawer = await openSettings(user);
    expect(radioNames(within(drawer).getByRole('radiogroup', { name: 'Container mode' }))).toEqual(['Boxed', 'Full width']);
    expect(within(drawer).getByRole('switch', { name: 'Folded navbar' })).toBeTruthy();
    expect(radioNames(within(drawer).getByRole('radiogroup', { name: 'Navbar position' }))).toEqual(['Left', 'Right']);

    await user.click(within(drawer).getByRole('switch', { name: 'Folded navbar' }));
    await user.click(within(within(drawer).getByRole('radiogroup', { name: 'Toolbar position' })).getByRole('radio', { name: 'Above' }));
    await user.click(within(within(drawer).getByRole('radiogroup', { name: 'Footer style' })).getByRole('radio', { name: 'Fixed' }));
    await user.click(within(drawer).getByRole('switch', { name: 'Show right side panel' }));
    expect(getSavedShellSettings().layout).toEqual({
      style: 'layout1',
      config: { navbar: { folded: true }, toolbar: { position: 'above' }, footer: { style: 'fixed' }, rightSidePanel: { display: false } },
    });
    expect(getShellSettings().layout.config.toolbar).toEqual({ display: true, style: 'fixed', position: 'above' });

    await user.click(within(drawer).getByRole('radio', { name: 'Horizontal navigation' }));
    expect(getSavedShellSettings().layout).toEqual({ style: 'layout2' });
    expect(radioNames(within(drawer).getByRole('radiogroup', { name: 'Container mode' }))).toEqual(['Boxed', 'Full width', 'Container']);
    expect(within(drawer).getByRole('radio', { name: 'Container' })).toHaveProperty('checked', true);
    expect(within(drawer).queryByRole('switch', { name: 'Folded navbar' })).toBeNull();
    expect(within(drawer).queryByRole('radiogroup', { name: 'Navbar position' })).toBeNull();
    // The toolbar is back below, the layout's default.
    expect(
      within(within(drawer).getByRole('radiogroup', { name: 'Toolbar position' })).getByRole('radio', { name: 'Below' }),
    ).toHaveProperty('checked', true);
  });

  it("changes one part's scheme, animations, scrollbars and direction at once, and keeps a guest's in this browser", async () => {
    const user = renderButtons();
    const drawer = await openSettings(user);
    await user.click(within(drawer).getByRole('combobox', { name: 'Navbar' }));
    const options = await screen.findByRole('listbox');
    expect(within(options).getAllByRole('option')).toHaveLength(12);
    await user.click(within(options).getByRole('option', { name: 'Emerald Felt' }));
    expect(getShellSettings().themes).toEqual({
      main: 'midnight-gold',
      navbar: 'emerald-felt',
      toolbar: 'midnight-gold',
      footer: 'midnight-gold',
    });

    await user.click(within(drawer).getByRole('switch', { name: 'Animations' }));
    await user.click(within(drawer).getByRole('switch', { name: 'Custom Scrollbars' }));
    await user.click(within(drawer).getByRole('radio', { name: 'RTL' }));
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(JSON.parse(window.localStorage.getItem('settings.guest') ?? '{}')).toEqual({
      themes: { navbar: 'emerald-felt' },
      animations: false,
      customScrollbars: false,
      direction: 'rtl',
    });
    await user.click(within(drawer).getByRole('radio', { name: 'Language default (LTR)' }));
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('speaks the language of the page', async () => {
    await changeLanguage('tr');
    const user = renderButtons();
    await user.click(screen.getByRole('button', { name: 'Tema Ayarları' }));
    const drawer = await screen.findByRole('dialog', { name: 'Tema Ayarları' });
    expect(within(drawer).getByText('*Tüm seçenek kombinasyonları kullanılamaz')).toBeTruthy();
    expect(within(drawer).getByRole('combobox', { name: 'Ana' }).textContent).toBe('Gece Altını');
  });
});

describe('Theme Color Schemes drawer', () => {
  it('applies the scheme picked to every part', async () => {
    const user = renderButtons();
    await user.click(screen.getByRole('button', { name: 'Theme Color Schemes' }));
    const drawer = await screen.findByRole('dialog', { name: 'Theme Color Schemes' });
    const schemes = within(drawer)
      .getAllByRole('button', { pressed: false })
      .concat(within(drawer).getAllByRole('button', { pressed: true }));
    expect(schemes).toHaveLength(12);
    expect(within(drawer).getByRole('button', { name: 'Midnight Gold' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(drawer).getByRole('button', { name: 'Ruby Night' }));
    expect(getShellSettings().themes).toEqual({ main: 'ruby-night', navbar: 'ruby-night', toolbar: 'ruby-night', footer: 'ruby-night' });
    expect(within(drawer).getByRole('button', { name: 'Ruby Night' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(drawer).getByRole('button', { name: 'Midnight Gold' }).getAttribute('aria-pressed')).toBe('false');
    expect(getComputedStyle(document.body).backgroundColor).toBe('#14080c');

    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Theme Color Schemes' }));
  });
});
