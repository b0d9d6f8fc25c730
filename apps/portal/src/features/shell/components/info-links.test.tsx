import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultSettings, setSettings } from '@/shared/config/settings';
import { changeLanguage } from '@/shared/i18n/i18n';
import { json, mockFetch } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const pages = [
  ['Password Reset Procedure', '/password-reset.html'],
  ['Game Rules and Content', '/game-rules-and-content.html'],
  ['Player Protection Information', '/player-protection-information.html'],
  ['Terms of Use', '/terms-of-use.html'],
  ['Privacy Policy', '/privacy-policy.html'],
  ['Paytables', '/paytables.html'],
] as const;

async function startInLobby() {
  mockFetch({
    'GET /player/balance': () => json({ balance: 0 }),
    'GET /player/profile': () => json(sampleProfile()),
    'GET /machine/brands': () => json([]),
    'GET /machine/all': () => json([]),
  });
  signIn();
  renderApp('/lobby');
  return within(await screen.findByRole('navigation', { name: 'Information pages' }));
}

describe('the footer info pages (SPEC §2, Settings.json externalInfo)', () => {
  it("links the six pages by their SPEC titles, in the portal's language, beside 'UI Version v2.4.5'", async () => {
    const footer = await startInLobby();
    const links = footer.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      pages.map(([title, path]) => [title, `${path}?lang=en`]),
    );
    expect(screen.getByText('UI Version v2.4.5')).toBeTruthy();
  });

  it('opens a page in a full-size dialog with the page framed; Esc closes it and the focus returns to the link', async () => {
    const footer = await startInLobby();
    const link = footer.getByRole('link', { name: 'Paytables' });
    await userEvent.click(link);
    const dialog = await screen.findByRole('dialog', { name: 'Paytables' });
    const frame = within(dialog).getByTitle('Paytables');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(/^\/paytables\.html\?lang=en&theme=(dark|light)$/);
    expect(within(dialog).getByRole('link', { name: 'Open in a new tab' }).getAttribute('href')).toBe(frame.getAttribute('src'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(link);
  });

  it('closes with its Close button, and frames the page in the language the portal speaks', async () => {
    const footer = await startInLobby();
    await userEvent.click(footer.getByRole('link', { name: 'Terms of Use' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Terms of Use' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await act(() => changeLanguage('tr'));
    const turkish = within(await screen.findByRole('navigation', { name: 'Bilgi sayfaları' }));
    await userEvent.click(turkish.getByRole('link', { name: 'Gizlilik Politikası' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gizlilik Politikası' });
    expect(within(dialog).getByTitle('Gizlilik Politikası').getAttribute('src')).toMatch(/^\/privacy-policy\.html\?lang=tr&theme=/);
    expect(within(dialog).getByRole('link', { name: 'Yeni sekmede aç' })).toBeTruthy();
  });

  it('are plain links to a new tab when the operator turned externalInfo off', async () => {
    setSettings({ ...defaultSettings, externalInfo: false });
    const footer = await startInLobby();
    for (const [title, path] of pages) {
      const link = footer.getByRole('link', { name: title });
      expect(link.getAttribute('href')).toBe(`${path}?lang=en`);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });
});
