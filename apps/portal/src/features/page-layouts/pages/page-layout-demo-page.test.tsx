import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PageLayoutDescription } from '@/shared/components/page-layout/page-layout-description';
import { changeLanguage } from '@/shared/i18n/i18n';
import { cardedLayouts, layoutDemoOf, simpleLayouts } from '../lib/page-layout-descriptions';
import { PageLayoutDemoPage } from './page-layout-demo-page';

/** A window below the md breakpoint (every max-width query matches) or a wide one (none does). */
function stubWidth(phone: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: phone && query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    })),
  );
}

function renderDemo(path: string, variant?: string) {
  const router = createMemoryRouter(
    [
      { path, element: <PageLayoutDemoPage />, handle: { variant } },
      { path: '*', element: <p>not found</p> },
    ],
    { initialEntries: [path] },
  );
  return { ...render(<RouterProvider router={router} />), router };
}

const region = (container: HTMLElement, name: string) => container.querySelector<HTMLElement>(`[data-page-region="${name}"]`);

/** The regions a description asks for, found where it says. */
function expectRegions(container: HTMLElement, layout: PageLayoutDescription) {
  const header = region(container, 'header');
  const content = region(container, 'content')!;
  const card = region(container, 'card');
  expect(content).not.toBeNull();
  expect(header !== null).toBe(layout.header);
  expect(card !== null).toBe(layout.family === 'carded');
  expect(screen.queryByRole('tablist') !== null).toBe(layout.tabs);
  if (layout.tabs) expect(within(card ?? container).getByRole('tablist', { name: 'Demo tabs' })).toBeTruthy();
  // Content scroll: the content is a named, focusable scrolled region; page scroll: a plain block.
  const scrolled = screen.queryByRole('region', { name: 'Content' });
  expect(scrolled === content).toBe(layout.scroll === 'content');
  if (layout.scroll === 'content') expect(content.tabIndex).toBe(0);

  for (const [side, placement] of [
    ['left', layout.leftSidebar],
    ['right', layout.rightSidebar],
  ] as const) {
    const name = side === 'left' ? 'Left sidebar' : 'Right sidebar';
    const aside = screen.queryByRole('complementary', { name });
    expect(aside !== null).toBe(placement !== undefined);
    if (!aside || !placement) continue;
    expect(aside.dataset.placement).toBe(placement);
    // Inner: beside the content (inside the card when carded). Outer: beside the card, or the page's whole height.
    expect(aside.parentElement === content.parentElement).toBe(placement === 'inner');
    if (card) expect(card.contains(aside)).toBe(placement === 'inner');
    if (header && layout.family === 'simple') expect(aside.parentElement!.contains(header)).toBe(placement === 'outer');
    // The start side comes first in reading order (and so on the right in Arabic), the end side last.
    const order = aside.compareDocumentPosition(content);
    expect(order & Node.DOCUMENT_POSITION_FOLLOWING ? 'left' : 'right').toBe(side);
  }
}

describe('page layout descriptions', () => {
  // That every name of the route list (app/more-routes.ts pageLayoutNames) has one, and no other, is the typecheck's.
  it('are found from the path and the route name', () => {
    expect(layoutDemoOf('/ui/page-layouts/carded/left-sidebar-2', 'left-sidebar-2')?.layout).toEqual({
      family: 'carded',
      header: true,
      leftSidebar: 'inner',
      tabs: false,
      scroll: 'content',
    });
    expect(layoutDemoOf('/ui/page-layouts/blank', undefined)?.layout.header).toBe(false);
    expect(layoutDemoOf('/ui/page-layouts/carded/tabbed', 'tabbed')).toBeNull();
    expect(layoutDemoOf('/ui/page-layouts/simple/nope', 'nope')).toBeNull();
  });
});

describe('/ui/page-layouts pages draw the regions their description gives', () => {
  const cases = [
    ...Object.entries(cardedLayouts).map(([name, layout]) => ['carded', name, layout] as const),
    ...Object.entries(simpleLayouts).map(([name, layout]) => ['simple', name, layout] as const),
  ];
  it.each(cases)('%s/%s', async (family, name, layout) => {
    stubWidth(false);
    const { container } = renderDemo(`/ui/page-layouts/${family}/${name}`, name);
    expect(
      await screen.findByRole('heading', { level: 1, name: family === 'carded' ? 'Carded page layout' : 'Simple page layout' }),
    ).toBeTruthy();
    expect(screen.getByText(name, { selector: 'code' })).toBeTruthy();
    expectRegions(container, layout);
    // Enough text to scroll.
    expect(screen.getAllByText(/^Paragraph \d+\./).length).toBeGreaterThanOrEqual(12);
  });

  it('blank: no header, card, sidebar or tabs; the title is in the content', async () => {
    stubWidth(false);
    const { container } = renderDemo('/ui/page-layouts/blank');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blank page layout' })).toBeTruthy();
    expectRegions(container, layoutDemoOf('/ui/page-layouts/blank', undefined)!.layout);
    expect(region(container, 'content')!.contains(screen.getByRole('heading', { level: 1 }))).toBe(true);
  });

  it('an unknown name is the 404 page', async () => {
    stubWidth(false);
    const { router } = renderDemo('/ui/page-layouts/carded/nope', 'nope');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/errors/error-404'));
  });

  it('in Arabic, every region speaks Arabic', async () => {
    stubWidth(false);
    await changeLanguage('ar');
    renderDemo('/ui/page-layouts/carded/right-sidebar-tabbed', 'right-sidebar-tabbed');
    expect(await screen.findByRole('heading', { level: 1, name: 'تخطيط الصفحة بالبطاقة' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'الشريط الجانبي الأيمن' })).toBeTruthy();
    expect(screen.getByRole('tablist', { name: 'علامات تبويب تجريبية' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'علامة التبويب 1' })).toBeTruthy();
  });
});

describe('tabs', () => {
  it('the arrow keys, Home and End choose a tab from the keyboard; the panel is named by its tab', async () => {
    stubWidth(false);
    renderDemo('/ui/page-layouts/simple/tabbed', 'tabbed');
    const first = await screen.findByRole('tab', { name: 'Tab 1' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Tab 1' }).textContent).toContain('The content of tab 1.');
    await userEvent.click(first);
    await userEvent.keyboard('{ArrowRight}');
    const second = screen.getByRole('tab', { name: 'Tab 2' });
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Tab 2' }).textContent).toContain('The content of tab 2.');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Tab 3' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{Home}');
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
  });
});

describe('sidebars on a phone', () => {
  it.each([
    ['carded', 'left-sidebar', 'Left sidebar'],
    ['carded', 'right-sidebar-2', 'Right sidebar'],
    ['simple', 'left-sidebar-3', 'Left sidebar'],
  ])('%s/%s: a drawer opened by a named button in the header; Esc closes it and gives the focus back', async (family, name, label) => {
    stubWidth(true);
    const { container } = renderDemo(`/ui/page-layouts/${family}/${name}`, name);
    const toggle = await screen.findByRole('button', { name: `Open ${label}` });
    expect(region(container, 'header')!.contains(toggle)).toBe(true);
    expect(screen.queryByRole('complementary', { name: label })).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).not.toBeNull();

    await userEvent.click(toggle);
    const drawer = await screen.findByRole('dialog', { name: label });
    expect(within(drawer).getByRole('complementary', { name: label })).toBeTruthy();
    expect(drawer.id).toBe(toggle.getAttribute('aria-controls'));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: label })).toBeNull());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await vi.waitFor(() => expect(document.activeElement).toBe(toggle));

    await userEvent.click(toggle);
    await userEvent.click(within(await screen.findByRole('dialog', { name: label })).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: label })).toBeNull());
  });

  it('a wide window shows the sidebar in place, without a button', async () => {
    stubWidth(false);
    renderDemo('/ui/page-layouts/carded/left-sidebar', 'left-sidebar');
    expect(await screen.findByRole('complementary', { name: 'Left sidebar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Open / })).toBeNull();
  });
});
