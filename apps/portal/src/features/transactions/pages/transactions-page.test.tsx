import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TransactionItem } from '@reelcast/protocol';
import { initI18n } from '@/shared/i18n/i18n';
import { json, mockFetch } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const at = new Date(2025, 0, 9, 8, 7, 6).toISOString();
const items: TransactionItem[] = [
  {
    id: 't5',
    action: 9,
    actionName: 'Weekly Bonus',
    amount: 3_300,
    balanceAfter: 138_300,
    createdAt: at,
    memo: 'promotion',
    kind: 'bonus',
  },
  {
    id: 't4',
    action: 7,
    actionName: 'Discount',
    amount: 1_100,
    balanceAfter: 135_000,
    createdAt: at,
    memo: 'discount: 10% of net loss 11000',
    kind: 'discount',
  },
  {
    id: 't3',
    action: 4,
    actionName: 'Cash Out',
    amount: 25_000,
    balanceAfter: 133_900,
    createdAt: at,
    memo: 'cash out, machine 1',
    kind: 'credit',
  },
  {
    id: 't2',
    action: 3,
    actionName: 'Cash In',
    amount: -20_000,
    balanceAfter: 108_900,
    createdAt: at,
    memo: 'cash in reserve, machine 1',
    kind: 'credit',
  },
  { id: 't1', action: 1, actionName: 'Deposit', amount: 128_900, balanceAfter: 128_900, createdAt: at, memo: 'deposit', kind: 'cash' },
];

function transactionsApi() {
  const queries: URLSearchParams[] = [];
  mockFetch({
    'GET /player/balance': () => json({ balance: 138_300 }),
    'GET /player/profile': () => json(sampleProfile()),
    'GET /player/transactions': ({ url }) => {
      queries.push(url.searchParams);
      const action = url.searchParams.get('action');
      const rows = action ? items.filter((t) => t.action === Number(action)) : items;
      return json({ items: rows, page: 1, perPage: Number(url.searchParams.get('perPage')), total: rows.length });
    },
  });
  return queries;
}

const rows = () => screen.queryAllByTestId('transaction-row');

describe('transactions page', () => {
  it('lists movements with signed amounts, the balance after, the date and the SPEC §9 colour kind', async () => {
    transactionsApi();
    signIn();
    renderApp('/transactions');
    await waitFor(() => expect(rows()).toHaveLength(5));
    const table = screen.getByRole('table', { name: 'Your wallet movements, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Type', 'Description', 'Amount', 'Balance after']);
    const amounts = screen.getAllByTestId('transaction-amount').map((cell) => cell.textContent?.replace(/\s/g, ' '));
    expect(amounts).toEqual(['+TRY 33.00', '+TRY 11.00', '+TRY 250.00', '-TRY 200.00', '+TRY 1,289.00']);
    expect(rows().map((row) => row.querySelector('[data-kind]')?.getAttribute('data-kind'))).toEqual([
      'bonus',
      'discount',
      'credit',
      'credit',
      'cash',
    ]);
    expect(within(rows()[3]!).getByText('Cash In')).toBeTruthy();
    expect(within(rows()[3]!).getByText('Credit')).toBeTruthy();
    expect(within(rows()[3]!).getByText('TRY 1,089.00')).toBeTruthy();
    expect(within(rows()[0]!).getByText('09.01.2025 08:07:06')).toBeTruthy();
  });

  it("marks each kind in its SPEC §9 colour, and draws a gain as a gain: a cash-out's +TRY 250.00 green, not the credit red", async () => {
    transactionsApi();
    signIn();
    renderApp('/transactions');
    await waitFor(() => expect(rows()).toHaveLength(5));
    const marker = (i: number) => getComputedStyle(rows()[i]!.querySelector('[data-kind] > span[aria-hidden]')!).backgroundColor;
    const [bonus, discount, credit, cashIn, cash] = [0, 1, 2, 3, 4].map(marker);
    expect(new Set([bonus, discount, credit, cash]).size).toBe(4);
    expect(cashIn).toBe(credit);

    // The amounts: a gain in the cash green, a loss (the cash-in) in the credit red.
    const colour = (i: number) => getComputedStyle(screen.getAllByTestId('transaction-amount')[i]!).color;
    expect([0, 1, 2, 4].map(colour)).toEqual([cash, cash, cash, cash]);
    expect(colour(3)).toBe(credit);
  });

  it('says the memos in words, their amounts as money, and the action names in Turkish and Arabic', async () => {
    transactionsApi();
    signIn();
    renderApp('/transactions');
    await waitFor(() => expect(rows()).toHaveLength(5));
    const memos = () => rows().map((row) => row.querySelectorAll('td')[1]!.textContent?.replace(/\s/g, ' '));
    expect(memos()).toEqual(['promotion', '10% of a net loss of TRY 110.00', 'From machine 1', 'To machine 1', 'deposit']);

    await act(() => initI18n('tr'));
    await waitFor(() => expect(memos()[1]).toBe('₺110,00 net kaybın %10 kadarı'));
    expect(within(rows()[2]!).getByText('Makineden Aktarım')).toBeTruthy();
    expect(within(rows()[3]!).getByText('Makineye Aktarım')).toBeTruthy();

    await act(() => initI18n('ar'));
    await waitFor(() => expect(within(rows()[3]!).getByText('إيداع في الآلة')).toBeTruthy());
    expect(memos()[2]).toBe('من الآلة 1');
    expect(memos()[1]).toBe('10٪ من صافي خسارة قدرها \u2066110.00 TRY\u2069');
  });

  it('names a jackpot win and a cash-out in Turkish and Arabic, not in English (issue 24)', async () => {
    const jackpot: TransactionItem = {
      id: 't6',
      action: 6,
      actionName: 'JACKPOT',
      amount: 50_000,
      balanceAfter: 188_300,
      createdAt: at,
      memo: 'jackpot, machine 3',
      kind: 'cash',
    };
    mockFetch({
      'GET /player/balance': () => json({ balance: 188_300 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /player/transactions': () => json({ items: [jackpot, items[2]!], page: 1, perPage: 20, total: 2 }),
    });
    signIn();
    renderApp('/transactions');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const names = () => rows().map((row) => row.querySelectorAll('td')[0]!.textContent);
    const memos = () => rows().map((row) => row.querySelectorAll('td')[1]!.textContent);
    expect(within(rows()[0]!).getByText('JACKPOT')).toBeTruthy();

    await act(() => initI18n('tr'));
    await waitFor(() => expect(within(rows()[0]!).getByText('Büyük İkramiye')).toBeTruthy());
    expect(within(rows()[1]!).getByText('Makineden Aktarım')).toBeTruthy();
    expect(memos()[0]).toBe('Büyük ikramiye (makine 3)');

    await act(() => initI18n('ar'));
    await waitFor(() => expect(within(rows()[0]!).getByText('الجائزة الكبرى')).toBeTruthy());
    expect(within(rows()[1]!).getByText('سحب من الآلة')).toBeTruthy();
    expect(memos()[0]).toBe('الجائزة الكبرى على الآلة 3');
    expect(names().join(' ')).not.toMatch(/JACKPOT|Cash (In|Out)/);
  });

  it("keeps the Type filter's label above the field, off 'All types'", async () => {
    transactionsApi();
    signIn();
    renderApp('/transactions');
    await waitFor(() => expect(rows()).toHaveLength(5));
    const label = screen.getByText('Type', { selector: 'label' });
    expect(label.getAttribute('data-shrink')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Type' }).textContent).toBe('All types');
  });

  it('the action filter lives in the URL; an unknown action in the URL is ignored', async () => {
    const queries = transactionsApi();
    signIn();
    const { router } = renderApp('/transactions?action=42');
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(queries[0]!.has('action')).toBe(false);

    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cash In' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(new URLSearchParams(router.state.location.search).get('action')).toBe('3');
    expect(queries.at(-1)!.get('action')).toBe('3');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(router.state.location.search).toBe('');
  });

  it('formats amounts for the chosen language', async () => {
    transactionsApi();
    signIn();
    await initI18n('tr');
    renderApp('/transactions');
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getAllByTestId('transaction-amount')[4]!.textContent?.replace(/\s/g, ' ')).toBe('+₺1.289,00');
    expect(screen.getByRole('columnheader', { name: 'Tutar' })).toBeTruthy();
  });
});
