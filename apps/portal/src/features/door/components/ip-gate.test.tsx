import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '@/shared/i18n/i18n';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { checkIp } from '../lib/ip-check';
import { ipCheckTexts } from '../lib/ip-check-texts';
import { IpGate } from './ip-gate';

/** The gate over a real check whose GET /check `answer` gives (fetch stubbed), released when the test says. */
async function renderGate(answer: MockHandler) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  mockFetch({ 'GET /check': async (request) => (await held, answer(request)) });
  const onReload = vi.fn();
  // The gate suspends on the check (React's use): an awaited act lets React retry once it settles.
  await act(async () => {
    render(<IpGate outcome={checkIp('')} onReload={onReload} />);
  });
  return { onReload, answer: () => act(async () => release()) };
}

describe('IpGate', () => {
  it("shows 'Your IP address is being checked' while the platform is asked, and keeps it for an allowed visitor (the app replaces it)", async () => {
    const gate = await renderGate(() => json({ status: 1, code: 20000, ip: '85.100.1.1', country: 'TR' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your IP address is being checked');
    expect(screen.getByRole('heading', { level: 1, name: 'Your IP address is being checked' })).toBeTruthy();
    await gate.answer();
    expect(screen.getByRole('status').textContent).toContain('Your IP address is being checked');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the blocked screen with the country by name and the address for status 0, code 0', async () => {
    const gate = await renderGate(() => json({ status: 0, code: 0, ip: '46.4.1.1', country: 'DE' }));
    await gate.answer();
    expect(
      await screen.findByText(
        'We see that you are connecting from Germany with 46.4.1.1 address. Unfortunately, you are not among the permitted countries.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Access restricted' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    // The credit DB-IP's CC BY 4.0 licence asks of a page that shows its results.
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' }).getAttribute('href')).toBe('https://db-ip.com');
  });

  it("names an unknown code by itself and 'LAN' as it is", async () => {
    const gate = await renderGate(() => json({ status: 0, code: 0, ip: '2001:db8::1', country: 'AA' }));
    await gate.answer();
    expect(await screen.findByText(/connecting from AA with 2001:db8::1 address\./)).toBeTruthy();
  });

  it('speaks Turkish and Arabic, the country in that language', async () => {
    await initI18n('tr');
    const gate = await renderGate(() => json({ status: 0, code: 0, ip: '46.4.1.1', country: 'DE' }));
    await gate.answer();
    expect(
      await screen.findByText(
        'Almanya konumundan 46.4.1.1 adresiyle bağlandığınızı görüyoruz. Maalesef izin verilen ülkeler arasında değilsiniz.',
      ),
    ).toBeTruthy();
    await act(() => initI18n('ar'));
    expect(await screen.findByText(/ألمانيا/)).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });

  it.each([
    ['a 404', () => json({ code: 40400, ErrorMessage: 'Not found' }, 404)],
    ['a 502', () => new Response('Bad Gateway', { status: 502 })],
    ['an answer of another shape', () => json({ allowed: true })],
  ])("shows the alert 'error on network connection please reflesh your page' for %s; Reload reloads", async (_name, answer) => {
    const gate = await renderGate(answer);
    await gate.answer();
    expect((await screen.findByRole('alert')).textContent).toContain(ipCheckTexts.en.networkError);
    expect(ipCheckTexts.en.networkError).toBe('error on network connection please reflesh your page');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(gate.onReload).toHaveBeenCalledTimes(1);
  });

  it('shows the alert when no answer comes (the request fails)', async () => {
    const gate = await renderGate(() => {
      throw new TypeError('Failed to fetch');
    });
    await gate.answer();
    expect((await screen.findByRole('alert')).textContent).toContain('error on network connection please reflesh your page');
  });
});
