import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider, createTheme, type Theme } from '@mui/material/styles';
import { changeLanguage } from '@/shared/i18n/i18n';
import { createAppTheme } from '@/shared/theme/theme';
import { portalIconDrawings } from '../lib/portal-icon-drawings';
import { UiPage } from './ui-page';

const appTheme = createAppTheme('ltr', 'midnight-gold');

function renderUi(page: string, theme: Theme = appTheme) {
  const router = createMemoryRouter(
    [
      { path: '/ui/:page', element: <UiPage />, handle: { variant: page } },
      { path: '*', element: <p>not found</p> },
    ],
    { initialEntries: [`/ui/${page}`] },
  );
  return {
    ...render(
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>,
    ),
    router,
  };
}

const iconCount = Object.keys(portalIconDrawings).length;

describe('/ui/icons', () => {
  it('shows every icon the portal uses, each a button named by its icon', async () => {
    renderUi('icons');
    expect(await screen.findByRole('heading', { level: 1, name: 'Icons' })).toBeTruthy();
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('button')).toHaveLength(iconCount);
    expect(within(list).getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(screen.getByText(`${iconCount} of ${iconCount} icons`)).toBeTruthy();
  });

  it('the labelled search field narrows the list by name, ignoring case; nothing found says so', async () => {
    const user = userEvent.setup();
    renderUi('icons');
    const search = await screen.findByRole('searchbox', { name: 'Search icons' });
    await user.type(search, 'VOLUME');
    await vi.waitFor(() =>
      expect(
        within(screen.getByRole('list'))
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['VolumeOff', 'VolumeUp']),
    );
    expect(screen.getByText(`2 of ${iconCount} icons`)).toBeTruthy();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(await screen.findByText('No icon’s name contains “zzz”.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('a click copies the icon’s name and says so; so do Enter and Space on a focused icon', async () => {
    const user = userEvent.setup();
    renderUi('icons');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await navigator.clipboard.readText()).toBe('Search');
    expect(screen.getByRole('status').textContent).toBe('Copied “Search”');
    expect(within(screen.getByRole('button', { name: 'Search' })).getByText('Copied')).toBeTruthy();

    screen.getByRole('button', { name: 'Menu' }).focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(async () => expect(await navigator.clipboard.readText()).toBe('Menu'));
    expect(screen.getByRole('status').textContent).toBe('Copied “Menu”');

    screen.getByRole('button', { name: 'Close' }).focus();
    await user.keyboard(' ');
    await vi.waitFor(async () => expect(await navigator.clipboard.readText()).toBe('Close'));
    expect(screen.getByRole('status').textContent).toBe('Copied “Close”');
  });

  it('a browser that refuses the clipboard gets told to copy the name by hand', async () => {
    const user = userEvent.setup();
    renderUi('icons');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Could not copy “Send”: this browser did not allow it. Select the name and copy it yourself.',
    );
    expect(within(screen.getByRole('button', { name: 'Send' })).queryByText('Copied')).toBeNull();
  });

  it('speaks Arabic in Arabic', async () => {
    await changeLanguage('ar');
    renderUi('icons');
    expect(await screen.findByRole('heading', { level: 1, name: 'الأيقونات' })).toBeTruthy();
    expect(await screen.findByRole('searchbox', { name: 'ابحث في الأيقونات' })).toBeTruthy();
  });
});

describe('/ui/typography', () => {
  it('lists each variant with the size, weight and line height the theme gives it', async () => {
    const { container } = renderUi('typography');
    expect(await screen.findByRole('heading', { level: 1, name: 'Typography' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'h1' });
    expect(screen.getByText(String(appTheme.typography.fontFamily))).toBeTruthy();
    const variants = [...container.querySelectorAll<HTMLElement>('[data-variant]')].map((item) => item.dataset.variant);
    expect(variants).toEqual([
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'subtitle1',
      'subtitle2',
      'body1',
      'body2',
      'button',
      'caption',
      'overline',
    ]);
    const h1 = container.querySelector<HTMLElement>('[data-variant="h1"]')!;
    expect(h1.textContent).toContain(`${appTheme.typography.h1.fontSize} (96px)`);
    expect(h1.textContent).toContain(`Weight:${appTheme.typography.h1.fontWeight}`);
    expect(h1.textContent).toContain(`Line height:${appTheme.typography.h1.lineHeight}`);
    // The button variant is the app's own (no capitals, weight 600), not MUI's default.
    expect(container.querySelector('[data-variant="button"]')!.textContent).toContain('Weight:600');
    // Samples are paragraphs: the page's only h1 is its title.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('follows another theme', async () => {
    renderUi('typography', createTheme({ typography: { fontFamily: 'Test Sans', h2: { fontSize: '2.5rem', fontWeight: 900 } } }));
    await screen.findByRole('heading', { level: 2, name: 'h2' });
    expect(screen.getByText('Test Sans')).toBeTruthy();
    const h2 = document.querySelector<HTMLElement>('[data-variant="h2"]')!;
    expect(h2.textContent).toContain('2.5rem (40px)');
    expect(h2.textContent).toContain('Weight:900');
  });
});

describe('/ui/helper-classes', () => {
  it('shows the theme’s spacing, breakpoints, palette, the SPEC §9 balance colours, sx keys and global classes', async () => {
    const { container } = renderUi('helper-classes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Helper classes' })).toBeTruthy();
    const spacing = await screen.findByRole('region', { name: 'Spacing' });
    expect(within(spacing).getByText('spacing(2)').nextElementSibling?.textContent).toBe('16px');
    const breakpoints = screen.getByRole('region', { name: 'Breakpoints' });
    for (const from of Object.values(appTheme.breakpoints.values)) expect(within(breakpoints).getByText(`≥ ${from}px`)).toBeTruthy();
    expect(within(breakpoints).getByText('md')).toBeTruthy();
    const palette = within(screen.getByTestId('palette'));
    expect(palette.getByText('primary.main').parentElement?.previousElementSibling?.textContent).toBe('#f5b82e');
    expect(palette.getByText('background.default').parentElement?.previousElementSibling?.textContent).toBe('#0b1220');
    const balance = within(screen.getByTestId('balance-colours'));
    expect(balance.getByText('Discount')).toBeTruthy();
    expect(balance.getByText(`warning.main ${appTheme.palette.warning.main}`)).toBeTruthy();
    expect(balance.getByText(`secondary.main ${appTheme.palette.secondary.main}`)).toBeTruthy();
    expect(balance.getByText(`error.main ${appTheme.palette.error.main}`)).toBeTruthy();
    expect(balance.getByText(`success.main ${appTheme.palette.success.main}`)).toBeTruthy();
    expect(container.querySelector('[data-theme-part="palette"]')!.textContent).toContain('bgcolor');
    expect(container.querySelector('[data-theme-part="spacing"]')!.textContent).toContain('gap');
    expect(screen.getByText('.lobby-background')).toBeTruthy();
    expect(screen.getByText(`borderRadius: 1 = ${appTheme.shape.borderRadius}px`)).toBeTruthy();
  });

  it('follows another theme', async () => {
    renderUi('helper-classes', createTheme({ spacing: 4, palette: { primary: { main: '#123456' } } }));
    const spacing = await screen.findByRole('region', { name: 'Spacing' });
    expect(within(spacing).getByText('spacing(2)').nextElementSibling?.textContent).toBe('8px');
    expect(within(screen.getByTestId('palette')).getByText('primary.main').parentElement?.previousElementSibling?.textContent).toBe(
      '#123456',
    );
    expect(screen.queryByText('.lobby-background')).toBeNull();
  });
});

it('an unknown /ui page is the 404 page', async () => {
  const { router } = renderUi('nope');
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/errors/error-404'));
});
