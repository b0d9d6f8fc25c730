import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Brand, Machine } from '@reelcast/protocol';
import { infoPages } from '@reelcast/protocol';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { rulesAnswer } from '@/test/rules';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';
import { i18n, initI18n } from '@/shared/i18n/i18n';

const brands: Brand[] = [
  { id: 1, name: 'Aurora', image: '', machineCount: 2, jackpot: '' },
  { id: 2, name: 'Dragon', image: '', machineCount: 2, jackpot: '' },
];

const machine = (id: number, name: string, brand: Brand): Machine => ({
  id,
  name,
  brand: brand.name,
  brandId: brand.id,
  status: 'idle',
  image: '',
  reservation: null,
  address: null,
  video: null,
});

const machines = [
  machine(1, 'Northern Lights', brands[0]!),
  machine(2, 'Işıklı Gece', brands[0]!),
  machine(5, 'Dragon Pearl', brands[1]!),
  machine(6, 'Fire Koi', brands[1]!),
];

const rules = `# House rules

Welcome to the floor.

## Jackpots

A dragon jackpot is paid to the machine that **hits** it.

## Şans oyunları

Her oyun bir şans oyunudur.
`;

const html = (title: string, body: string) =>
  new Response(
    `<!doctype html><html><head><title>${title}</title><style>.dragon{}</style></head><body><h1>${title}</h1><p>${body}</p></body></html>`,
    {
      headers: { 'Content-Type': 'text/html' },
    },
  );

const notFound: MockHandler = () => json({ ErrorMessage: 'Not Found', code: 40400, status: false }, 404);

function renderSearch(path: string, { documentation = notFound, ...overrides }: Record<string, MockHandler> = {}) {
  const infoHandlers = Object.fromEntries(
    infoPages.map((page) => [
      `GET /${page}.html`,
      () => html(page, page === 'paytables' ? 'Dragon Pearl pays 500 for five dragons.' : 'Nothing about that here.'),
    ]),
  );
  const fetchMock = mockFetch({
    'GET /player/balance': () => json({ balance: 0 }),
    'GET /player/profile': () => json(sampleProfile()),
    'GET /machine/all': () => json(machines),
    'GET /machine/brands': () => json(brands),
    'GET /api/rules': () => rulesAnswer(rules),
    'GET /api/documentation': documentation,
    ...infoHandlers,
    ...overrides,
  });
  signIn();
  const view = renderApp(path);
  return { ...view, fetchMock };
}

const status = () => screen.findByTestId('search-status');
/** The status line as read, without the isolates that keep the query's own direction (checked in the Arabic test). */
const statusText = async () => (await status()).textContent?.replace(/[\u2068\u2069]/g, '');

/**
 * A result's link by its text. (jsdom's accessible names put a space around <mark>, which browsers do
 * not: 'Jack<mark>pot</mark>s' would be named 'Jack pot s' here.)
 */
const resultLink = (text: string, container: HTMLElement = document.body) => {
  const found = [...container.querySelectorAll<HTMLAnchorElement>('a[data-search-result]')].filter((link) => link.textContent === text);
  expect(found, `one result link "${text}"`).toHaveLength(1);
  return found[0]!;
};

describe('search pages', () => {
  it('modern: finds machines, brands, rules and help pages, grouped with counts, highlighted, each linking to its page', async () => {
    renderSearch('/pages/search/modern?q=dragon');
    await waitFor(async () => expect(await statusText()).toBe('5 results for “dragon”'));
    const tabs = screen.getByRole('tablist', { name: 'Results by kind' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['All (5)', 'Machines (2)', 'Brands (1)', 'Rules (1)', 'Help (1)']);
    const machinesGroup = screen.getByRole('region', { name: 'Machines (2)' });
    // The title match first, then the machine found by its brand.
    expect(
      within(machinesGroup)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Dragon Pearl', 'Fire Koi']);
    const pearl = within(machinesGroup).getByRole('link', { name: 'Dragon Pearl' });
    expect(pearl.getAttribute('href')).toBe('/game/5/Dragon%20Pearl');
    expect(pearl.querySelector('mark')?.textContent).toBe('Dragon');
    expect(within(machinesGroup).getAllByRole('link', { name: 'All Dragon machines' })[0]!.getAttribute('href')).toBe('/lobby/2/Dragon');

    const brandsGroup = screen.getByRole('region', { name: 'Brands (1)' });
    expect(within(brandsGroup).getByRole('link', { name: 'Dragon' }).getAttribute('href')).toBe('/lobby/2/Dragon');
    expect(within(brandsGroup).getByText('Machines: 2')).toBeTruthy();

    const rulesGroup = screen.getByRole('region', { name: 'Rules (1)' });
    expect(within(rulesGroup).getByRole('link', { name: 'Jackpots' }).getAttribute('href')).toBe('/rules#jackpots');
    expect(within(rulesGroup).getByText('dragon', { selector: 'mark' })).toBeTruthy();

    const helpGroup = screen.getByRole('region', { name: 'Help (1)' });
    const paytables = within(helpGroup).getByRole('link', { name: 'Paytables (opens in a new tab)' });
    expect(paytables.getAttribute('href')).toBe('/paytables.html?lang=en');
    expect(paytables.getAttribute('target')).toBe('_blank');
    // No alert: the documentation list that is not there (404) is simply not searched.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('modern: a tab shows one kind, and is kept in the address', async () => {
    const { router } = renderSearch('/pages/search/modern?q=dragon');
    await waitFor(async () => expect(await statusText()).toBe('5 results for “dragon”'));
    await userEvent.click(screen.getByRole('tab', { name: 'Brands (1)' }));
    expect(router.state.location.search).toBe('?q=dragon&tab=brands');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByTestId('search-result')).toHaveLength(1);
    expect(within(panel).getByRole('link', { name: 'Dragon' })).toBeTruthy();
  });

  it('classic: a list like a search engine, typing puts the query in the address, Turkish letters fold', async () => {
    const { router } = renderSearch('/pages/search/classic');
    expect(await screen.findByRole('heading', { level: 1, name: 'Classic search' })).toBeTruthy();
    expect(await statusText()).toBe('Type the name of a machine or a brand, or a word from the rules or the help pages.');
    const field = screen.getByRole('searchbox', { name: 'Search machines, brands, rules and help' });
    await userEvent.type(field, 'IŞIKLI');
    expect(router.state.location.search).toBe('?q=I%C5%9EIKLI');
    await waitFor(async () => expect(await statusText()).toBe('1 result for “IŞIKLI”'));
    const result = screen.getByRole('link', { name: 'Işıklı Gece' });
    expect(result.querySelector('mark')?.textContent).toBe('Işıklı');
    expect(screen.getByRole('heading', { level: 2, name: 'Machines (1)' })).toBeTruthy();

    await userEvent.clear(field);
    await userEvent.type(field, 'sans oyunu');
    await waitFor(async () => expect(await statusText()).toBe('1 result for “sans oyunu”'));
    expect(screen.getByRole('link', { name: 'Şans oyunları' }).getAttribute('href')).toBe('/rules#şans-oyunları');
  });

  it('says No results.. when nothing matches', async () => {
    renderSearch('/pages/search/classic?q=unicorn');
    await waitFor(async () => expect(await statusText()).toBe('No results..'));
    expect(screen.queryAllByTestId('search-result')).toHaveLength(0);
  });

  it('is keyboard navigable: Down from the field into the results, Up and Down between them, Esc back', async () => {
    renderSearch('/pages/search/classic?q=aurora');
    await waitFor(async () => expect(await statusText()).toBe('3 results for “aurora”'));
    const field = screen.getByRole('searchbox');
    field.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Northern Lights');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('All Aurora machines');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Işıklı Gece');
    await userEvent.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Aurora');
    await userEvent.keyboard('{Home}');
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(field);
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(document.activeElement).toBe(field);
  });

  it('searches the documentation list when the platform has one', async () => {
    renderSearch('/pages/search/modern?q=jackpot', {
      documentation: () => json({ pages: [{ slug: 'jackpots', title: 'Jackpots: linked meters', audience: 'player' }] }),
    });
    await waitFor(async () => expect(await statusText()).toBe('2 results for “jackpot”'));
    const link = resultLink('Jackpots: linked meters');
    expect(link.getAttribute('href')).toBe('/documentation/jackpots');
  });

  it('goes on without the documentation when it is refused (403), and says which part failed otherwise', async () => {
    renderSearch('/pages/search/modern?q=koi', {
      documentation: () => json({ ErrorMessage: 'role required', code: 40300, status: false }, 403),
    });
    await waitFor(async () => expect(await statusText()).toBe('1 result for “koi”'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says which part could not be searched, with a retry, and searches the rest', async () => {
    let answered = 0;
    renderSearch('/pages/search/classic?q=aurora', {
      'GET /machine/all': () => (++answered === 1 ? json({ ErrorMessage: 'down', code: 70000, status: false }, 500) : json(machines)),
    });
    const alert = await screen.findByText('The machines could not be searched.');
    await waitFor(async () => expect(await statusText()).toBe('1 result for “aurora”'));
    await userEvent.click(within(alert.closest('[role="alert"]')!).getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect(await statusText()).toBe('3 results for “aurora”'));
    expect(screen.queryByText('The machines could not be searched.')).toBeNull();
  });

  it('speaks Turkish and Arabic, with the SPEC’s No results.. text translated', async () => {
    await initI18n('tr');
    const { unmount } = renderSearch('/pages/search/modern?q=ejderha');
    expect(await screen.findByRole('heading', { level: 1, name: 'Arama' })).toBeTruthy();
    await waitFor(async () => expect(await statusText()).toBe('Sonuç yok..'));
    unmount();
    await initI18n('ar');
    renderSearch('/pages/search/classic?q=dragon');
    expect(await screen.findByRole('heading', { level: 1, name: 'البحث الكلاسيكي' })).toBeTruthy();
    await waitFor(async () => expect(await statusText()).toBe('عدد النتائج لـ «dragon»: 5'));
    // The Latin query keeps its order inside the Arabic sentence.
    expect((await status()).textContent).toBe('عدد النتائج لـ «\u2068dragon\u2069»: 5');
    expect(
      resultLink(`${i18n.t('footer.paytables')} (تُفتح في علامة تبويب جديدة)`, screen.getByTestId('search-group-help')).getAttribute('href'),
    ).toBe('/paytables.html?lang=ar');
  });
});
