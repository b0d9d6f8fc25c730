import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { QuickPanelItem } from '@reelcast/protocol';
import { changeLanguage } from '@/shared/i18n/i18n';
import { changeShellSettings, getSavedShellSettings, getShellSettings } from '@/shared/shell-settings/shell-settings';
import { json, mockFetch, requestBody, requestUrl, type MockHandler } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/query-client';
import { signIn } from '@/test/session';
import { closeQuickPanel } from '../lib/quick-panel-store';
import { QuickPanelButton } from './quick-panel-button';
import { QuickPanelHost } from './quick-panel-host';

/** The toolbar button and the drawer host as the shell places them, signed in, against `handlers` (notes kept in `notes`). */
function renderPanel(
  handlers: Record<string, MockHandler> = {},
  notes: QuickPanelItem[] = [{ id: 5, title: 'Call support', detail: 'about\nthe bonus' }],
) {
  let nextId = 100;
  const fetchMock = mockFetch({
    'GET /api/quick-panel/data': () => json({ events: [{ id: 1, title: 'Tournament', detail: 'Friday 20:00' }], notes }),
    'POST /api/quick-panel/notes': ({ body }) => {
      const note = { id: nextId++, detail: '', ...(body as { title: string }) };
      notes.unshift(note);
      return json(note, 201);
    },
    ...handlers,
  });
  signIn({ id: 7 });
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <QuickPanelButton />
            <QuickPanelHost />
          </>
        ),
      },
    ],
    { initialEntries: ['/lobby'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, user: userEvent.setup() };
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, key: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => `${init?.method ?? 'GET'} ${new URL(requestUrl(input), window.location.href).pathname}` === key,
  );

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Quick panel' }));
  const panel = await screen.findByRole('dialog', { name: 'Quick panel' });
  await within(panel).findByText('Tournament');
  return panel;
}

afterEach(() => {
  closeQuickPanel();
  vi.useRealTimers();
});

describe('quick panel (SPEC §2 quick panel)', () => {
  it('opens from the toolbar as a labelled modal dialog: Today, Events, Notes, Quick Settings; Esc closes it and focus goes back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 24, 12));
    const { user } = renderPanel();
    const button = await screen.findByRole('button', { name: 'Quick panel' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    const panel = await openPanel(user);
    expect(panel.getAttribute('aria-modal')).toBe('true');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.contains(document.activeElement)).toBe(true);

    const today = within(panel).getByRole('region', { name: 'Today' });
    expect(today.textContent).toBe('Tuesday24November');
    expect(today.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-24');
    expect(within(panel).getByRole('region', { name: 'Events' }).textContent).toContain('TournamentFriday 20:00');
    const notes = within(panel).getByRole('region', { name: 'Notes' });
    expect(within(notes).getByText(/^about/).textContent).toBe('about\nthe bonus');
    const settings = within(panel).getByRole('region', { name: 'Quick Settings' });
    expect(
      within(settings)
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-label') ?? s.closest('label')?.textContent),
    ).toEqual(['Notifications', 'Cloud Sync', 'Retro Thrusters']);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Quick panel' })).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('adds a note: title required (spaces are not a title), sent trimmed, shown first, focus back on the add button', async () => {
    const { user, fetchMock } = renderPanel({}, []);
    const panel = await openPanel(user);
    expect(within(panel).getByText('No notes yet.')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Add a note' }));
    const form = within(panel).getByRole('form', { name: 'Add a note' });
    const save = within(form).getByRole('button', { name: 'Save' });
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), '   ');
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Ask about the cap ');
    await user.type(within(form).getByRole('textbox', { name: 'Detail' }), 'weekly bonus');
    await user.click(save);
    await within(panel).findByText('Ask about the cap');
    expect(calls(fetchMock, 'POST /api/quick-panel/notes').map(([, init]) => requestBody(init))).toEqual([
      { title: 'Ask about the cap', detail: 'weekly bonus' },
    ]);
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Add a note' }));
  });

  it('edits a note in place (Esc cancels the edit, not the panel) and deletes one', async () => {
    const notes = [
      { id: 5, title: 'Call support', detail: '' },
      { id: 6, title: 'Second', detail: 'x' },
    ];
    const { user, fetchMock } = renderPanel(
      {
        'PUT /api/quick-panel/notes/5': ({ body }) => {
          Object.assign(notes[0]!, body);
          return json({ id: 5, ...(body as object) });
        },
        'DELETE /api/quick-panel/notes/6': () => {
          notes.splice(1, 1);
          return json({ status: true, code: 20000 });
        },
      },
      notes,
    );
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: 'Edit note: Call support' }));
    await user.keyboard('{Escape}');
    expect(within(panel).queryByRole('form')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Quick panel' })).toBeTruthy();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Edit note: Call support' }));

    await user.click(within(panel).getByRole('button', { name: 'Edit note: Call support' }));
    const form = within(panel).getByRole('form', { name: 'Edit note: Call support' });
    const title = within(form).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Called support');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await within(panel).findByText('Called support');
    expect(calls(fetchMock, 'PUT /api/quick-panel/notes/5').map(([, init]) => requestBody(init))).toEqual([
      { title: 'Called support', detail: '' },
    ]);

    await user.click(within(panel).getByRole('button', { name: 'Delete note: Second' }));
    await waitFor(() => expect(within(panel).queryByText('Second')).toBeNull());
    expect(calls(fetchMock, 'DELETE /api/quick-panel/notes/6')).toHaveLength(1);
  });

  it('the switches change the saved settings, and show what is saved', async () => {
    const { user } = renderPanel();
    const panel = await openPanel(user);
    const notifications = within(panel).getByRole('switch', { name: 'Notifications' });
    expect((notifications as HTMLInputElement).checked).toBe(true);
    expect(notifications.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(notifications);
    await user.click(within(panel).getByRole('switch', { name: 'Retro Thrusters' }));
    expect(getSavedShellSettings().quickSettings).toEqual({ notifications: false, retroThrusters: true });
    expect(getShellSettings().quickSettings).toEqual({ notifications: false, cloudSync: true, retroThrusters: true });
    act(() => changeShellSettings({ quickSettings: { cloudSync: false } }));
    expect(within(panel).getByRole<HTMLInputElement>('switch', { name: 'Cloud Sync' }).checked).toBe(false);
    expect(within(panel).getByRole<HTMLInputElement>('switch', { name: 'Notifications' }).checked).toBe(true);
  });

  it('speaks the player’s language: Today and the texts in Arabic', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 24, 12));
    await changeLanguage('ar');
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'اللوحة السريعة' }));
    const panel = await screen.findByRole('dialog', { name: 'اللوحة السريعة' });
    const today = within(panel).getByRole('region', { name: 'اليوم' });
    expect(today.textContent).toContain('الثلاثاء');
    expect(today.textContent).toContain('نوفمبر');
    expect(await within(panel).findByRole('switch', { name: 'الإشعارات' })).toBeTruthy();
  });

  it('is not offered where the right side panel is off', async () => {
    renderPanel();
    await screen.findByRole('button', { name: 'Quick panel' });
    act(() => changeShellSettings({ layout: { style: 'layout1', config: { rightSidePanel: { display: false } } } }));
    expect(screen.queryByRole('button', { name: 'Quick panel' })).toBeNull();
  });
});
