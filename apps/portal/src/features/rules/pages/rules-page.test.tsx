import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { json, mockFetch, requestUrl } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

describe('rules page', () => {
  it('renders the operator’s Markdown safely, asks in the current language, and shows when it changed', async () => {
    const fetchMock = mockFetch({
      'GET /player/balance': () => json({ balance: 0 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /api/rules': () =>
        json({
          content:
            '# House rules\n\n## Play\n\n- Be **kind**\n- <img src=x onerror=alert(1)>\n\nSee [terms](/terms-of-use.html) or [this](javascript:alert(1)).',
          format: 'markdown',
          language: null,
          updatedAt: new Date(2025, 4, 6, 7, 8, 9).toISOString(),
        }),
    });
    signIn();
    const { container } = renderApp('/rules');
    expect(await screen.findByRole('heading', { level: 1, name: 'House rules' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Play' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain('<img src=x onerror=alert(1)>');
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'terms' }).getAttribute('href')).toBe('/terms-of-use.html');
    expect(screen.queryByRole('link', { name: 'this' })).toBeNull();
    expect(screen.getByText('Last updated 06.05.2025 07:08:09')).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([input]) => requestUrl(input)).find((url) => url.includes('/api/rules'));
    expect(asked).toMatch(/\/api\/rules\?lang=en$/);
  });
});
