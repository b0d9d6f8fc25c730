import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import type { LayoutOptions, LayoutStyle } from '@reelcast/protocol';
import { changeShellSettings, getShellSettings } from '@/shared/shell-settings/shell-settings';
import { readStorage, storageKeys } from '@/shared/lib/storage-keys';
import type { NavItem } from '../navigation/types';
import { Footer } from './footer';
import { Layout } from './layout';
import { NavbarDrawer } from './navbar-drawer';
import { Toolbar } from './toolbar';

const items: NavItem[] = [
  { id: 'lobby', type: 'item', title: 'Lobby', translate: 'nav.lobby', url: '/lobby' },
  { id: 'rules', type: 'item', title: 'Rules', translate: 'nav.rules', url: '/rules' },
];

type Happy = { happyDOM: { setViewport: (size: { width: number; height: number }) => void } };
const setWidth = (width: number) => (window as unknown as Happy).happyDOM.setViewport({ width, height: 900 });
const desktop = () => setWidth(1400);

afterEach(() => setWidth(1024));

function renderLayout(style: LayoutStyle, config: LayoutOptions = {}, direction: 'ltr' | 'rtl' = 'ltr') {
  changeShellSettings({ layout: { style, config } });
  const shell = (
    <Layout
      toolbar={<Toolbar end={<span>Balance</span>} />}
      navbar={<NavbarDrawer items={items} />}
      navigation={items}
      footer={<Footer />}
      leftSidePanel={<aside aria-label="Left panel" />}
      rightSidePanel={<aside aria-label="Right panel" />}
    />
  );
  const router = createMemoryRouter([{ element: shell, children: [{ path: '*', element: <p>The page</p> }] }], {
    initialEntries: ['/lobby'],
  });
  render(
    <ThemeProvider theme={createTheme({ direction })}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
}

const root = () => document.querySelector<HTMLElement>('[data-layout]')!;
const main = () => screen.getByRole('main');
const precedes = (a: Node, b: Node) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
const menu = () => screen.getByRole('navigation', { name: 'Menu' });

describe('layouts', () => {
  it('layout1: a vertical navbar beside the page, toolbar and footer in the content column', () => {
    desktop();
    renderLayout('layout1');
    expect(root().dataset.layout).toBe('layout1');
    expect(within(menu()).getByRole('link', { name: 'Lobby' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('navbar-version')).toBeTruthy();
    expect(precedes(menu(), screen.getByRole('banner'))).toBe(true);
    expect(precedes(screen.getByRole('banner'), main())).toBe(true);
    expect(precedes(main(), screen.getByRole('contentinfo'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Open navigation menu' })).toBeNull();
  });

  it('layout2: a navigation bar with the logo, then the toolbar; the horizontal menu loads with it', async () => {
    desktop();
    renderLayout('layout2');
    const bar = await screen.findByRole('navigation', { name: 'Menu' });
    expect(within(bar).getByRole('link', { name: 'Lobby' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByTestId('navbar-version')).toBeNull();
    const logo = screen.getByRole('link', { name: /Go to the lobby$/ });
    expect(precedes(logo, bar)).toBe(true);
    expect(precedes(bar, screen.getByRole('banner'))).toBe(true);
    expect(within(screen.getByRole('banner')).queryByRole('link', { name: /Go to the lobby$/ })).toBeNull();
  });

  it('layout3: the toolbar first with the logo and an inline search, then a dense navigation', async () => {
    desktop();
    renderLayout('layout3');
    const bar = await screen.findByRole('navigation', { name: 'Menu' });
    const toolbar = screen.getByRole('banner');
    expect(precedes(toolbar, bar)).toBe(true);
    expect(within(toolbar).getByRole('link', { name: /Go to the lobby$/ })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Go to the lobby$/ })).toHaveLength(1);
  });

  it('layout2 and layout3 on a small screen: the vertical navbar as a temporary drawer, no horizontal menu', async () => {
    renderLayout('layout2');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const drawerMenu = await screen.findByRole('navigation', { name: 'Menu' });
    expect(within(drawerMenu).getByRole('link', { name: 'Rules' })).toBeTruthy();
    expect(screen.getByTestId('navbar-version')).toBeTruthy();
  });

  it('mode boxed keeps the layout to its max width, centred: 1280 for layout1, 1120 for layout3', () => {
    desktop();
    renderLayout('layout1', { mode: 'boxed' });
    let style = getComputedStyle(root());
    expect(style.maxWidth).toBe('1280px');
    expect(style.marginLeft).toBe('auto');
    act(() => changeShellSettings({ layout: { style: 'layout3', config: { mode: 'boxed' } } }));
    style = getComputedStyle(root());
    expect(style.maxWidth).toBe('1120px');
    act(() => changeShellSettings({ layout: { style: 'layout3', config: { mode: 'fullwidth' } } }));
    expect(getComputedStyle(root()).maxWidth).not.toBe('1120px');
  });

  it('mode container keeps the page to 1120 px', () => {
    desktop();
    renderLayout('layout2', { mode: 'container' });
    expect(getComputedStyle(main()).maxWidth).toBe('1120px');
    expect(getComputedStyle(root()).maxWidth).not.toBe('1280px');
  });

  it('hides the toolbar, the footer, the navbar and a side panel whose display is off', () => {
    renderLayout('layout1', {
      toolbar: { display: false },
      footer: { display: false },
      navbar: { display: false },
      leftSidePanel: { display: false },
    });
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open navigation menu' })).toBeNull();
    expect(document.getElementById('navbar')).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'Left panel' })).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Right panel' })).toBeTruthy();
    expect(screen.getByText('The page')).toBeTruthy();
  });

  it('toolbar above spans over the navbar; below sits beside it', () => {
    desktop();
    renderLayout('layout1', { toolbar: { position: 'above' } });
    expect(precedes(screen.getByRole('banner'), menu())).toBe(true);
    act(() => changeShellSettings({ layout: { style: 'layout1', config: { toolbar: { position: 'below' } } } }));
    expect(precedes(menu(), screen.getByRole('banner'))).toBe(true);
  });

  it('a static toolbar scrolls with the page in content scroll; a fixed one stays outside the scrolling area', () => {
    desktop();
    renderLayout('layout1', { scroll: 'content', toolbar: { style: 'static' } });
    const scroller = main().parentElement!;
    expect(getComputedStyle(scroller).overflowY).toBe('auto');
    expect(scroller.contains(screen.getByRole('banner'))).toBe(true);
    act(() => changeShellSettings({ layout: { style: 'layout1', config: { scroll: 'content', toolbar: { style: 'fixed' } } } }));
    expect(main().parentElement!.contains(screen.getByRole('banner'))).toBe(false);
  });

  it('navbar position right puts the navbar after the page (the end side)', () => {
    desktop();
    renderLayout('layout1', { navbar: { position: 'right' } });
    expect(precedes(main(), menu())).toBe(true);
    expect(precedes(menu(), screen.getByRole('complementary', { name: 'Right panel' }))).toBe(true);
  });

  it("a right navbar on a small screen is a drawer anchored 'right', which MUI mirrors in RTL: not flipped a second time by hand", async () => {
    renderLayout('layout1', { navbar: { position: 'right' } }, 'rtl');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open navigation menu' }));
    await screen.findByRole('navigation', { name: 'Menu' });
    expect(document.getElementById('navbar')!.closest('.MuiDrawer-root')!.className).toMatch(/MuiDrawer-anchorRight/);
  });

  it('the fold toggle folds the navbar through the saved settings', async () => {
    desktop();
    renderLayout('layout1');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fold navigation menu' }));
    expect(getShellSettings().layout.config.navbar.folded).toBe(true);
    expect(JSON.parse(readStorage(storageKeys.settings('guest'))!)).toMatchObject({ layout: { config: { navbar: { folded: true } } } });
    // Folded: icons only once the pointer and the focus have left it; the focus coming back opens it.
    await userEvent.setup().unhover(screen.getByRole('button', { name: 'Unfold navigation menu' }));
    act(() => main().focus());
    expect(screen.queryByRole('button', { name: /fold navigation menu/i })).toBeNull();
    act(() => within(menu()).getByRole('link', { name: 'Lobby' }).focus());
    expect(screen.getByRole('button', { name: 'Unfold navigation menu' }).getAttribute('aria-pressed')).toBe('true');
  });
});
