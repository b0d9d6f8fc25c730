import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { defaultSettings, setSettings } from '@/shared/config/settings';
import { initI18n } from '@/shared/i18n/i18n';
import { ComingSoonPage } from './coming-soon-page';

const start = new Date('2030-05-01T10:00:00Z').getTime();

function renderPage(comingSoonDate: string) {
  setSettings({ ...defaultSettings, comingSoonDate });
  const router = createMemoryRouter([{ path: '*', element: <ComingSoonPage /> }], { initialEntries: ['/pages/coming-soon'] });
  return render(<RouterProvider router={router} />);
}

const shown = () => ['days', 'hours', 'minutes', 'seconds'].map((unit) => screen.getByTestId(`countdown-${unit}`).textContent).join(':');
const announced = () => screen.getByRole('status').textContent;

afterEach(() => {
  vi.useRealTimers();
});

describe('coming soon page', () => {
  it('counts down every second to Settings.json comingSoonDate', () => {
    vi.useFakeTimers({ now: start, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    // 1 day, 2 hours, 3 minutes and 4 seconds away.
    renderPage(new Date(start + ((26 * 60 + 3) * 60 + 4) * 1000).toISOString());
    expect(screen.getByRole('heading', { level: 1, name: 'Coming soon!' })).toBeTruthy();
    expect(screen.getByRole('timer', { name: 'Time left' })).toBeTruthy();
    expect(shown()).toBe('01:02:03:04');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(shown()).toBe('01:02:03:03');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(shown()).toBe('01:02:02:58');
  });

  it('announces the time left at most once a minute, not every second', () => {
    vi.useFakeTimers({ now: start, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    renderPage(new Date(start + (2 * 60 * 60 + 30) * 1000).toISOString());
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(announced()).toBe('2 hours left');
    const changes: string[] = [];
    const observer = new MutationObserver(() => {});
    observer.observe(region, { subtree: true, childList: true, characterData: true });
    for (let second = 0; second < 180; second++) {
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(shown()).not.toBe('');
      // Each DOM change of the region is one announcement a screen reader may make.
      if (observer.takeRecords().length) changes.push(announced() ?? '');
    }
    observer.disconnect();
    // Three minutes of ticking: the words changed at the minute marks only.
    expect(changes).toEqual(['1 hour and 59 minutes left', '1 hour and 58 minutes left', '1 hour and 57 minutes left']);
    expect(announced()).toBe('1 hour and 57 minutes left');
  });

  it('says so when the date has passed, and shows no clock', () => {
    vi.useFakeTimers({ now: start, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const date = new Date(start - 60_000);
    renderPage(date.toISOString());
    expect(screen.getByTestId('coming-soon-when').textContent).toMatch(
      /^The wait is over: it opened on \u2068\d\d\.\d\d\.2030 \d\d:59:00\u2069\.$/,
    );
    expect(screen.queryByRole('timer')).toBeNull();
    expect(announced()).toBe('The countdown has ended.');
  });

  it('reaches zero and then says the date has come', () => {
    vi.useFakeTimers({ now: start, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    renderPage(new Date(start + 2500).toISOString());
    expect(shown()).toBe('00:00:00:03');
    expect(announced()).toBe('Less than a minute left');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByTestId('coming-soon-when').textContent).toMatch(/^The wait is over/);
    expect(announced()).toBe('The countdown has ended.');
  });

  it('without a date shows the page without a countdown', () => {
    renderPage('');
    expect(screen.getByRole('heading', { level: 1, name: 'Coming soon!' })).toBeTruthy();
    expect(screen.getByText('No opening date has been set yet. Check back later.')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Lobby' }).getAttribute('href')).toBe('/lobby');
  });

  it('speaks Turkish and Arabic, the clock reading left to right', async () => {
    vi.useFakeTimers({ now: start, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    await initI18n('tr');
    const { unmount } = renderPage(new Date(start + (24 * 60 + 1) * 60 * 1000).toISOString());
    expect(screen.getByRole('heading', { level: 1, name: 'Çok yakında!' })).toBeTruthy();
    expect(announced()).toBe('1 gün ve 1 dakika kaldı');
    unmount();
    await initI18n('ar');
    renderPage(new Date(start + 2 * 24 * 60 * 60 * 1000).toISOString());
    expect(screen.getByRole('heading', { level: 1, name: 'قريبًا!' })).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('dir')).toBe('ltr');
    expect(announced()).toMatch(/^بقي /);
  });
});
