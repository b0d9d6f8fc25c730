import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSettings, defaultSettings } from '@/shared/config/settings';
import { formatMoney } from '@/shared/lib/format';
import { json, mockFetch, requestUrl, type MockHandler } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const granted = (amount: number) => json({ status: true, code: 20000, Params: { amount }, ErrorMessage: '' });
const refused = (code: number, Params: Record<string, number>, ErrorMessage = 'refused') =>
  json({ status: false, code, Params, ErrorMessage });
const money = (minor: number) => formatMoney(minor, 'en', 'TRY');

/** A response the test releases by hand. */
function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

function start(handlers: Record<string, MockHandler>, balance = 5_000) {
  const fetchMock = mockFetch({
    'GET /player/balance': () => json({ balance }),
    'GET /player/profile': () => json(sampleProfile()),
    'GET /machine/brands': () => json([]),
    'GET /machine/all': () => json([]),
    ...handlers,
  });
  signIn();
  const view = renderApp('/lobby');
  const calls = (key: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) => `${init?.method ?? 'GET'} ${new URL(requestUrl(input), window.location.href).pathname}` === key,
    ).length;
  return { ...view, fetchMock, calls };
}

const alert = () => screen.findByRole('alert');

/** Clicks Haftalik Bonus and accepts the warning: the claim goes out. */
async function confirmWeeklyClaim(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Haftalik Bonus' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kabul ediyorum' }));
}

describe('promotion buttons', () => {
  it('shows discount, bonus and Haftalik Bonus by default, each only while its switch is on', async () => {
    start({});
    expect(await screen.findByRole('button', { name: 'Discount' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bonus' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Haftalik Bonus' })).toBeTruthy();
    setSettings({ ...defaultSettings, autoDiscount: false, weeklyBonus: false });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Discount' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Bonus' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Haftalik Bonus' })).toBeNull();
  });

  it('blocks the discount while the balance is at least the minimum, naming the amount', async () => {
    const { calls } = start({ 'GET /player/discount': () => granted(100) }, 10_000);
    const user = userEvent.setup();
    await waitFor(() => expect(calls('GET /player/balance')).toBe(1));
    await user.click(await screen.findByRole('button', { name: 'Discount' }));
    expect((await alert()).textContent).toContain(`Your balance must be below ${money(10_000)}`);
    expect(calls('GET /player/discount')).toBe(0);
  });

  it('skips the balance check when it is off', async () => {
    setSettings({ ...defaultSettings, discountBalanceCheck: false });
    const { calls } = start({ 'GET /player/discount': () => granted(700) }, 50_000);
    const user = userEvent.setup();
    await waitFor(() => expect(calls('GET /player/balance')).toBe(1));
    await user.click(await screen.findByRole('button', { name: 'Discount' }));
    await waitFor(() => expect(calls('GET /player/discount')).toBe(1));
  });

  it('refuses a second discount or bonus within 30000 ms of the stored attempt', async () => {
    const { calls } = start({ 'GET /player/discount': () => granted(500), 'GET /player/bonus': () => granted(100) });
    const user = userEvent.setup();
    window.localStorage.setItem('l_c_d', String(Date.now() - 10_000));
    window.localStorage.setItem('l_c_b', String(Date.now() - 20_000));
    await user.click(await screen.findByRole('button', { name: 'Discount' }));
    expect((await alert()).textContent).toContain('You can use discount only once per 5 minutes');
    await user.click(screen.getByRole('button', { name: 'Bonus' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('You can use discount only once per 5 minutes'));
    expect(calls('GET /player/discount') + calls('GET /player/bonus')).toBe(0);

    window.localStorage.setItem('l_c_d', String(Date.now() - 30_001));
    await user.click(screen.getByRole('button', { name: 'Discount' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(`${money(500)} discount successfully!`));
    expect(calls('GET /player/discount')).toBe(1);
    expect(Number(window.localStorage.getItem('l_c_d'))).toBeGreaterThan(Date.now() - 5_000);
  });

  it('keeps one request in flight: clicks meanwhile are ignored; the balance is fetched again after', async () => {
    const pending = deferred();
    const { calls } = start({ 'GET /player/discount': () => pending.promise, 'GET /player/bonus': () => granted(100) });
    const user = userEvent.setup();
    await waitFor(() => expect(calls('GET /player/balance')).toBe(1));
    const discount = await screen.findByRole('button', { name: 'Discount' });
    await user.click(discount);
    await user.click(discount);
    await user.click(screen.getByRole('button', { name: 'Bonus' }));
    await user.click(screen.getByRole('button', { name: 'Haftalik Bonus' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls('GET /player/discount')).toBe(1);
    expect(calls('GET /player/bonus')).toBe(0);
    expect(discount.getAttribute('aria-busy')).toBe('true');

    pending.release(granted(700));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(`${money(700)} discount successfully!`));
    await waitFor(() => expect(calls('GET /player/balance')).toBe(2));
    await user.click(screen.getByRole('button', { name: 'Bonus' }));
    await waitFor(() => expect(calls('GET /player/bonus')).toBe(1));
  });

  it('shows a refusal as the translated code with its Params', async () => {
    start({ 'GET /player/bonus': () => refused(42910, { amount: 0, seconds: 120, minutes: 5 }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bonus' }));
    expect((await alert()).textContent).toContain('You can use this only once per 5 minutes. Try again in 120 seconds.');
  });

  it('shows the server refusing a country that is not permitted (403, 10703; docs/ip-check.md) as its translated code', async () => {
    start({
      'GET /player/discount': () =>
        new Response(JSON.stringify({ code: 10703, ErrorMessage: 'refused' }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Discount' }));
    expect((await alert()).textContent).toContain('Your IP is not permitted.');
  });
});

describe('Haftalik Bonus', () => {
  it('opens the Turkish warning; confirming closes it, sends the claim, stores l_c_bw and toasts the amount', async () => {
    const { calls } = start({ 'GET /player/bonus/weekly': () => granted(15_000) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Haftalik Bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Önemli Uyarı' });
    expect(dialog.textContent).toContain('10 katı');
    expect(dialog.textContent).toContain('100.000 TL');
    expect(dialog.textContent).toContain('kabul ettiğiniz');
    expect(calls('GET /player/bonus/weekly')).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Kabul ediyorum' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('GET /player/bonus/weekly')).toBe(1);
    expect(Number(window.localStorage.getItem('l_c_bw'))).toBeGreaterThan(Date.now() - 5_000);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(`${money(15_000)} weakly bonus successfully!`));
  });

  it('cancelling sends nothing', async () => {
    const { calls } = start({ 'GET /player/bonus/weekly': () => granted(15_000) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Haftalik Bonus' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('GET /player/bonus/weekly')).toBe(0);
    expect(window.localStorage.getItem('l_c_bw')).toBeNull();
  });

  it('on a server-reported failure toasts the translated code (else ErrorMessage) and lets the player try again', async () => {
    let answer = refused(40912, { amount: 15_000 });
    const { calls } = start({ 'GET /player/bonus/weekly': () => answer });
    const user = userEvent.setup();
    const confirmClaim = () => confirmWeeklyClaim(user);
    await screen.findByRole('button', { name: 'Haftalik Bonus' });
    await confirmClaim();
    expect((await alert()).textContent).toContain('You have already received the weekly bonus this week.');

    answer = refused(49999, { amount: 0 }, 'Something only the server knows');
    await confirmClaim();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Something only the server knows'));
    expect(calls('GET /player/bonus/weekly')).toBe(2);
  });

  it('on a rate-limit refusal (429 with status false, SPEC §3 shape) toasts the translated code and lets the player try again', async () => {
    let limited = true;
    const { calls } = start({
      'GET /player/bonus/weekly': () =>
        limited
          ? json(
              { status: false, code: 42900, ErrorMessage: 'Too many requests. Try again in 12 seconds.', Params: { retry_after: 12 } },
              429,
            )
          : granted(3_000),
    });
    const user = userEvent.setup();
    const confirmClaim = () => confirmWeeklyClaim(user);
    await screen.findByRole('button', { name: 'Haftalik Bonus' });
    await confirmClaim();
    expect((await alert()).textContent).toContain('Too many requests.');

    limited = false;
    await confirmClaim();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(`${money(3_000)} weakly bonus successfully!`));
    expect(calls('GET /player/bonus/weekly')).toBe(2);
  });

  it('on a request error toasts it and clears the in-progress flag', async () => {
    let fail = true;
    const { calls } = start({
      'GET /player/bonus/weekly': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return granted(3_000);
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Haftalik Bonus' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kabul ediyorum' }));
    expect((await alert()).textContent).toContain('Network Error, please check your connection');

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Haftalik Bonus' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kabul ediyorum' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(`${money(3_000)} weakly bonus successfully!`));
    expect(calls('GET /player/bonus/weekly')).toBe(2);
  });
});
