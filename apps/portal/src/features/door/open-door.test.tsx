import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, waitFor } from '@testing-library/react';
import { createRoot, type Root } from 'react-dom/client';
import { json, mockFetch } from '@/test/fetch-mock';
import { openDoor } from './open-door';

const ready = Promise.resolve({ ThemeFrame: ({ children }: { children: ReactNode }) => <div data-frame>{children}</div> });
let root: Root | undefined;
let container: HTMLElement;

function newRoot(): Root {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  return root;
}

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

/** Lets what is on its way (a lazy screen, React's work) land. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('openDoor', () => {
  it('a browser the rule turned away gets its notice in the app’s theme, and the app does not start', async () => {
    const fetchMock = mockFetch({});
    const passed = await act(() => openDoor('recommend-browser', '', newRoot(), ready));
    expect(passed).toBe(false);
    await waitFor(() => expect(container.querySelector('[data-frame] h1')?.textContent).toBe('Please use Chrome or Safari'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('blocked: the blocked screen, and the app does not start', async () => {
    mockFetch({ 'GET /check': () => json({ status: 0, code: 0, ip: '46.4.1.1', country: 'DE' }) });
    const passed = await act(() => openDoor('app', '', newRoot(), ready));
    expect(passed).toBe(false);
    await waitFor(() => expect(container.textContent).toContain('connecting from Germany with 46.4.1.1 address'));
  });

  it('allowed: the app may start, and the gate renders nothing over it afterwards', async () => {
    mockFetch({ 'GET /check': () => json({ status: 1, code: 20000, ip: '85.100.1.1', country: 'TR' }) });
    const rendered = newRoot();
    const passed = await openDoor('app', '', rendered, ready);
    expect(passed).toBe(true);
    act(() => rendered.render(<p>the app</p>));
    // The gate's code arrives after the app started: it must not cover it.
    await import('./components/ip-gate');
    await settle();
    expect(container.textContent).toBe('the app');
  });
});
