import { describe, expect, it, onTestFinished } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentationEntry } from '@reelcast/protocol';
import { json, mockFetch, requestUrl, type MockHandler } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

type Happy = { happyDOM: { setViewport: (size: { width: number; height: number }) => void } };
const setWidth = (width: number) => (window as unknown as Happy).happyDOM.setViewport({ width, height: 900 });

const pages: DocumentationEntry[] = [
  { slug: 'business-rules', title: 'Business rules', audience: 'player' },
  { slug: 'auth', title: 'Authentication', audience: 'operator' },
  { slug: 'deployment', title: 'Deployment', audience: 'operator' },
];

const deployment = [
  '# Deployment',
  '',
  'Start with `npm ci`. Roles: see [auth](auth.md#roles), docs/business-rules.md and [below](#one-machine).',
  'The code is in [the platform](../apps/platform/src/index.ts); <script>window.hacked = 1</script>',
  '',
  '## One machine',
  '',
  '| variable | default |',
  '|---|---|',
  '| `PORT` | `8080` |',
  '',
  '```sh',
  'npm ci && npm start',
  '```',
  '',
  '### Backups',
  '',
  '## Several machines',
].join('\n');

const page = (slug: string, content: string, audience: 'player' | 'operator' = 'operator') =>
  json({ slug, title: slug, audience, content, updatedAt: '2026-01-02T03:04:05Z' });

function start(path: string, handlers: Record<string, MockHandler> = {}, list = pages) {
  const fetchMock = mockFetch({
    'GET /player/balance': () => json({ balance: 0 }),
    'GET /player/profile': () => json(sampleProfile()),
    'GET /api/documentation': () => json({ pages: list }),
    ...handlers,
  });
  signIn();
  return { fetchMock, ...renderApp(path) };
}

describe('the documentation (/documentation)', () => {
  it('lists the pages by audience, each a link to its page', async () => {
    start('/documentation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentation' })).toBeTruthy();
    const players = await screen.findByRole('region', { name: 'For players' });
    expect(
      within(players)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['Business rules', '/documentation/business-rules']]);
    const operator = screen.getByRole('region', { name: "For the operator's team" });
    expect(
      within(operator)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Authentication', 'Deployment']);
    expect(within(operator).getByText('Deployment').getAttribute('lang')).toBe('en');
  });

  it('shows only the player pages a player’s list holds', async () => {
    start('/documentation', {}, [pages[0]!]);
    await screen.findByRole('region', { name: 'For players' });
    expect(screen.queryByRole('region', { name: "For the operator's team" })).toBeNull();
  });

  it('shows a page with its table of contents, table and code block, and follows links between pages', async () => {
    const { router, container } = start('/documentation/deployment', {
      'GET /api/documentation/deployment': () => page('deployment', deployment),
      'GET /api/documentation/auth': () => page('auth', '# Authentication\n\n## Tokens\n\n## Roles\n\nAdmin and staff.\n'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deployment' })).toBeTruthy();
    const article = screen.getByRole('article', { name: 'Deployment' });
    const body = article.querySelector('div[lang="en"][dir="ltr"]')!;
    expect(body).toBeTruthy();

    const toc = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(toc)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['One machine', '/documentation/deployment#one-machine'],
      ['Backups', '/documentation/deployment#backups'],
      ['Several machines', '/documentation/deployment#several-machines'],
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'One machine' }).id).toBe('doc-one-machine');

    const table = screen.getByRole('region', { name: 'Table: variable, default' });
    expect(within(table).getByRole('cell', { name: '8080' })).toBeTruthy();
    expect(container.querySelector('pre > code.language-sh')?.textContent).toBe('npm ci && npm start');
    expect(container.querySelector('script')).toBeNull();
    expect(body.textContent).toContain('<script>window.hacked = 1</script>');
    expect(within(article).queryByRole('link', { name: 'the platform' })).toBeNull();

    const content = within(body as HTMLElement);
    expect(content.getByRole('link', { name: 'docs/business-rules.md' }).getAttribute('href')).toBe('/documentation/business-rules');
    await userEvent.click(content.getByRole('link', { name: 'below' }));
    expect(router.state.location.hash).toBe('#one-machine');
    await waitFor(() => expect(document.activeElement?.id).toBe('doc-one-machine'));

    await userEvent.click(content.getByRole('link', { name: 'auth' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Authentication' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.hash).toBe('/documentation/auth#roles');
    await waitFor(() => expect(document.activeElement?.id).toBe('doc-roles'));
  });

  it('folds the table of contents on a phone until asked for', async () => {
    setWidth(390);
    onTestFinished(() => setWidth(1024));
    start('/documentation/deployment', { 'GET /api/documentation/deployment': () => page('deployment', deployment) });
    const toc = await screen.findByRole('navigation', { name: 'On this page' });
    const toggle = within(toc).getByRole('button', { name: 'On this page' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBe(within(toc).getByRole('list'));
    await userEvent.click(within(toc).getByRole('link', { name: 'Backups' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('says so in words when the server refuses an operator page to a player', async () => {
    start(
      '/documentation/deployment',
      {
        'GET /api/documentation/deployment': () =>
          json({ code: 40300, ErrorMessage: 'This page is for the operator’s team (staff or admin).' }, 403),
      },
      [pages[0]!],
    );
    expect(
      await screen.findByText("This page is for the operator's team (staff and admin). Your account can read the pages for players."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All documentation' }).getAttribute('href')).toBe('/documentation');
  });

  it('says so in words when the server has no such page', async () => {
    start('/documentation/gone', {
      'GET /api/documentation/gone': () => json({ code: 40400, ErrorMessage: 'No such documentation page.' }, 404),
    });
    expect(await screen.findByText('There is no documentation page named “gone”.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All documentation' })).toBeTruthy();
  });

  it('answers a name that is not a page without asking the server', async () => {
    const { fetchMock } = start('/documentation/..%2Fsecret');
    expect(await screen.findByText(/There is no documentation page named/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).includes('secret'))).toBe(false);
  });
});
