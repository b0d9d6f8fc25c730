import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { MarkdownView, type MarkdownViewProps } from './markdown-view';
import { parseMarkdown } from './parse-markdown';

function Where() {
  const { pathname, hash } = useLocation();
  return <output aria-label="where">{pathname + hash}</output>;
}

function show(source: string, props: Partial<MarkdownViewProps> = {}, at = '/page') {
  const document = parseMarkdown(source);
  const element = (
    <>
      <MarkdownView document={document} {...props} />
      <Where />
    </>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [at] });
  return { ...render(<RouterProvider router={router} />), router };
}

describe('MarkdownView', () => {
  it('renders headings with ids, lists, tables and code blocks as elements', () => {
    const { container } = show(
      '# Title\n\n## Play *well*\n\n1. one\n2. two\n   - nested\n\n| name | value |\n|:--|--:|\n| `a` | 1 |\n\n```sh\nnpm start\n```\n\n> quoted\n\n---\n\nline  \nbreak ~~old~~',
    );
    const heading = screen.getByRole('heading', { level: 3, name: 'Play well' });
    expect(heading.id).toBe('md-play-well');
    // The title is the page's to show (its h1).
    expect(screen.queryByRole('heading', { name: 'Title' })).toBeNull();
    expect(screen.getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['one', 'two', 'nested']);
    const table = screen.getByRole('region', { name: 'Table: name, value' });
    expect(table.tabIndex).toBe(0);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['name', 'value']);
    expect(within(table).getByRole('cell', { name: '1' }).style.textAlign).toBe('right');
    expect(within(table).getByText('a').tagName).toBe('CODE');
    const code = container.querySelector('pre > code.language-sh');
    expect(code?.textContent).toBe('npm start');
    expect(container.querySelector('blockquote')?.textContent).toBe('quoted');
    expect(container.querySelector('hr')).toBeTruthy();
    expect(container.querySelector('br')).toBeTruthy();
    expect(screen.getByText('old').tagName).toBe('DEL');
  });

  it('names a table without a header row plainly', () => {
    show('| | |\n|---|---|\n| a | b |');
    expect(screen.getByRole('region', { name: 'Table' })).toBeTruthy();
  });

  it('keeps the page’s h1: with a title kept as the page’s own, # headings start at h2', () => {
    show('## Sub', { headingOffset: 0 });
    expect(screen.getByRole('heading', { level: 2, name: 'Sub' })).toBeTruthy();
  });

  it('shows raw HTML as text and makes no link or image of javascript:, data: or another host', () => {
    const { container } = show(
      [
        '<script>window.hacked = 1</script>',
        '',
        'a <img src=x onerror="window.hacked = 2"> b <a href="javascript:window.hacked=3">c</a>',
        '',
        '[one](javascript:alert(1)) [two](javascript&#58;alert(1)) [three](JaVaScRiPt:alert(1)) [four](data:text/html,x) [five](//evil.test)',
        '',
        '![pic](javascript:alert(1)) <svg onload="window.hacked = 4">',
        '',
        '<!-- a note of the writer -->',
      ].join('\n'),
    );
    expect(container.querySelector('script, img, svg, iframe')).toBeNull();
    expect(container.querySelector('[onerror], [onload]')).toBeNull();
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(container.textContent).toContain('<script>window.hacked = 1</script>');
    expect(container.textContent).toContain('<img src=x onerror="window.hacked = 2">');
    expect(container.textContent).toContain('one two three four five');
    expect(container.textContent).toContain('pic');
    expect(container.textContent).not.toContain('a note of the writer');
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('opens the web in a new tab without access to the portal, and the portal’s pages in the app', async () => {
    show('[web](https://example.test/x "Example") [terms](/terms-of-use.html) [lobby](/lobby) [mail](mailto:a@b.test) www.example.test');
    const web = screen.getByRole('link', { name: 'web' });
    expect(web.getAttribute('href')).toBe('https://example.test/x');
    expect(web.getAttribute('target')).toBe('_blank');
    expect(web.getAttribute('rel')).toBe('noopener noreferrer');
    expect(web.getAttribute('title')).toBe('Example');
    expect(screen.getByRole('link', { name: 'www.example.test' }).getAttribute('href')).toBe('http://www.example.test');
    const terms = screen.getByRole('link', { name: 'terms' });
    expect([terms.getAttribute('href'), terms.getAttribute('target')]).toEqual(['/terms-of-use.html', null]);
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:a@b.test');
    await userEvent.click(screen.getByRole('link', { name: 'lobby' }));
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/lobby');
  });

  it('rewrites destinations and finds links in plain text when asked, never inside code or a link', async () => {
    const rewriteHref = (href: string) =>
      href.endsWith('.md') ? `/documentation/${href.slice(0, -3)}` : href.startsWith('#') ? href : null;
    const linkText = (text: string) =>
      text.split(/(docs\/auth\.md)/).map((part) => (part === 'docs/auth.md' ? { text: part, href: 'auth.md' } : part));
    show('See [auth](auth.md), docs/auth.md, `docs/auth.md`, [docs/auth.md](#x) and [source](../apps/x.ts).', { rewriteHref, linkText });
    expect(screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['auth', '/documentation/auth'],
      ['docs/auth.md', '/documentation/auth'],
      ['docs/auth.md', '/page#x'],
    ]);
    expect(screen.getByText(/and source\.$/).tagName).toBe('P');
    await userEvent.click(screen.getAllByRole('link', { name: 'docs/auth.md' })[0]!);
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/documentation/auth');
  });

  it('moves to the heading the address names, and to the one an anchor link names', async () => {
    show('## First\n\n[to second](#second)\n\n## Second', { idPrefix: 'doc-' }, '/page#first');
    await waitFor(() => expect(document.activeElement?.id).toBe('doc-first'));
    await userEvent.click(screen.getByRole('link', { name: 'to second' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Second' })));
    expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/page#second');
  });

  it('marks the text’s own language and direction when given', () => {
    const { container } = show('Hello', { lang: 'en', dir: 'ltr' });
    const root = container.querySelector('[lang="en"]');
    expect(root?.getAttribute('dir')).toBe('ltr');
  });
});
