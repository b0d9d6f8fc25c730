import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ChatContact, ChatMessage } from '@reelcast/protocol';
import { defaultSettings, setSettings } from '@/shared/config/settings';
import { initI18n } from '@/shared/i18n/i18n';
import { changeShellSettings } from '@/shared/shell-settings/shell-settings';
import { json, mockFetch, requestBody, requestUrl, type MockHandler } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/query-client';
import { signIn } from '@/test/session';
import { closeChatPanel, getChatPanel } from '../lib/chat-panel-store';
import { ChatButton } from './chat-button';
import { ChatPanelHost } from './chat-panel-host';

const me = 7;
const contacts = (): ChatContact[] => [
  { id: 3, name: 'Selin Support', role: 'staff', avatar: '', status: 'online', unread: 2 },
  { id: 4, name: 'Admin Ali', role: 'admin', avatar: '', status: 'do-not-disturb', unread: 1 },
];
const message = (id: number, who: number, text: string): ChatMessage => ({ id, who, message: text, time: '2025-03-04T10:11:12.000Z' });

/** The toolbar button and the panel host as the shell places them, signed in as player 7, against `handlers`. */
function renderChat(handlers: Record<string, MockHandler> = {}) {
  const fetchMock = mockFetch({
    'GET /api/chat/contacts': () => json(contacts()),
    'GET /api/chat/user': () => json({ id: me, name: 'Deniz', avatar: '', status: 'online', chatList: [] }),
    'GET /api/chat/get-chat': ({ url }) =>
      json({
        chat: { id: 11, dialog: url.searchParams.get('contactId') === '3' ? [message(1, 3, 'Welcome!'), message(2, me, 'Hi')] : [] },
        userChatList: [{ chatId: 11, contactId: 3, lastMessageTime: '2025-03-04T10:11:12.000Z' }],
      }),
    ...handlers,
  });
  signIn({ id: me });
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <ChatButton />
            <ChatPanelHost />
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
  return { fetchMock, queryClient, user: userEvent.setup() };
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, key: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => `${init?.method ?? 'GET'} ${new URL(requestUrl(input), window.location.href).pathname}` === key,
  );

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Team Chat, unread messages: 3' }));
  return screen.findByRole('dialog', { name: 'Team Chat' });
}

async function openChatWithSelin(user: ReturnType<typeof userEvent.setup>) {
  const panel = await openPanel(user);
  await user.click(within(panel).getByRole('button', { name: /^Selin Support/ }));
  await within(panel).findByRole('log', { name: 'Messages with Selin Support' });
  return panel;
}

afterEach(() => closeChatPanel());

describe('team chat panel (SPEC §2 chat panel, §4 chat and panels)', () => {
  it('the toolbar button shows the unread total and opens the panel: contacts with their status in words, the empty text, focus inside', async () => {
    const { user } = renderChat();
    const button = await screen.findByRole('button', { name: 'Team Chat, unread messages: 3' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.textContent).toContain('3');
    const panel = await openPanel(user);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.getAttribute('aria-modal')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(panel.id);
    expect(within(panel).getByRole('heading', { name: 'Team Chat' })).toBeTruthy();
    expect(within(panel).getByText('Select a contact to start a conversation.')).toBeTruthy();
    const list = within(panel).getByRole('list', { name: 'Contacts' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((contact) => contact.getAttribute('aria-label')),
    ).toEqual(['Selin Support (team staff), Online, unread messages: 2', 'Admin Ali (team admin), Do not disturb, unread messages: 1']);
    // Not by colour alone: each status has its own icon as well as its words.
    expect(panel.querySelector('[data-status="online"]')).not.toBeNull();
    expect(panel.querySelector('[data-status="do-not-disturb"]')).not.toBeNull();
    expect(document.activeElement).toBe(within(list).getAllByRole('button')[0]);
  });

  it('selecting a contact loads the chat with the user id, shows who, message and time, and clears that unread count', async () => {
    const { user, fetchMock } = renderChat();
    const panel = await openChatWithSelin(user);
    const [url] = calls(fetchMock, 'GET /api/chat/get-chat').map(([input]) => new URL(requestUrl(input), window.location.href));
    expect(Object.fromEntries(url!.searchParams)).toEqual({ contactId: '3', userId: String(me) });
    expect(getChatPanel()).toEqual({ open: true, contactId: 3 });
    const messages = within(panel).getAllByTestId('chat-message');
    expect(messages.map((shown) => shown.querySelector('p')?.textContent)).toEqual(['Selin Support', 'You']);
    expect(messages[0]!.textContent).toContain('Welcome!');
    expect(messages[0]!.querySelector('time')?.getAttribute('dateTime')).toBe('2025-03-04T10:11:12.000Z');
    expect(
      within(panel)
        .getByRole('button', { name: /^Selin Support/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Selin Support (team staff), Online' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Team Chat, unread messages: 1', hidden: true })).toBeTruthy();
    // The input has the focus once a chat is chosen.
    expect(document.activeElement).toBe(within(panel).getByRole('textbox', { name: 'Type your message' }));
  });

  it('an empty chat invites the first message', async () => {
    const { user } = renderChat();
    const panel = await openPanel(user);
    await user.click(within(panel).getByRole('button', { name: /^Admin Ali/ }));
    expect(await within(panel).findByText('Start a conversation by typing your message below.')).toBeTruthy();
  });

  it('shows HTML in a message as its text', async () => {
    const html = '<b>bold</b><script>window.hacked = true</script><img src=x onerror="window.hacked = true">';
    const { user } = renderChat({
      'GET /api/chat/get-chat': () => json({ chat: { id: 11, dialog: [message(1, 3, html)] }, userChatList: [] }),
    });
    const panel = await openChatWithSelin(user);
    const shown = within(panel).getByTestId('chat-message');
    expect(shown.textContent).toContain(html);
    expect(shown.querySelector('b, script, img')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('sends the trimmed text with the chat, the contact and a client message id, appends the answer once and clears the input', async () => {
    const sent: unknown[] = [];
    const { user, fetchMock } = renderChat({
      'POST /api/chat/send-message': ({ body }) => {
        sent.push(body);
        return json({
          message: message(3, me, 'Where is my bonus?'),
          userChatList: [{ chatId: 11, contactId: 3, lastMessageTime: '2025-03-04T10:12:00.000Z' }],
        });
      },
    });
    const panel = await openChatWithSelin(user);
    const input = within(panel).getByRole('textbox', { name: 'Type your message' });
    const send = within(panel).getByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', true);
    await user.type(input, '  Where is my bonus?  {Enter}');
    await waitFor(() => expect(within(panel).getAllByTestId('chat-message')).toHaveLength(3));
    expect(sent).toEqual([
      { chatId: 11, contactId: 3, messageText: 'Where is my bonus?', clientMessageId: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
    expect(within(panel).getAllByTestId('chat-message')[2]!.textContent).toContain('Where is my bonus?');
    expect(input).toHaveProperty('value', '');
    expect(calls(fetchMock, 'GET /api/chat/get-chat')).toHaveLength(1);
  });

  it('does not send empty or whitespace-only text: the button stays disabled and Enter does nothing', async () => {
    const { user, fetchMock } = renderChat({ 'POST /api/chat/send-message': () => json({}, 500) });
    const panel = await openChatWithSelin(user);
    const input = within(panel).getByRole('textbox', { name: 'Type your message' });
    await user.type(input, '   ');
    expect(within(panel).getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
    // Even a submit that bypasses the disabled button.
    fireEvent.submit(input.closest('form')!);
    expect(calls(fetchMock, 'POST /api/chat/send-message')).toHaveLength(0);
    expect(input).toHaveProperty('value', '   ');
  });

  it('refuses a message over the size limit before sending it', async () => {
    const { user } = renderChat();
    const panel = await openChatWithSelin(user);
    const input = within(panel).getByRole('textbox', { name: 'Type your message' });
    await user.click(input);
    await user.paste('x'.repeat(2001));
    expect(within(panel).getByText('At most 2000 characters.')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });

  it('a send that failed is sent again with the same client message id; a new message gets a new one', async () => {
    const ids: string[] = [];
    let answers = 0;
    const { user } = renderChat({
      'POST /api/chat/send-message': ({ body }) => {
        const { clientMessageId, messageText } = body as { clientMessageId: string; messageText: string };
        ids.push(clientMessageId);
        answers += 1;
        if (answers === 1) return json({ status: false, code: 40000, ErrorMessage: 'busy' }, 503);
        return json({ message: message(2 + answers, me, messageText), userChatList: [] });
      },
    });
    const panel = await openChatWithSelin(user);
    const input = within(panel).getByRole('textbox', { name: 'Type your message' });
    await user.type(input, 'Hello{Enter}');
    await waitFor(() => expect(ids).toHaveLength(1));
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false));
    expect(input).toHaveProperty('value', 'Hello');
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(input).toHaveProperty('value', ''));
    await user.type(input, 'Again{Enter}');
    await waitFor(() => expect(ids).toHaveLength(3));
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('Esc closes it, gives the focus back to the button, and clears the chosen contact and its chat', async () => {
    const { user, queryClient } = renderChat();
    await openChatWithSelin(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getChatPanel()).toEqual({ open: false, contactId: null });
    expect(cachedChats(queryClient)).toHaveLength(0);
    const button = screen.getByRole('button', { name: /^Team Chat/ });
    expect(document.activeElement).toBe(button);
    const panel = await openPanelAgain(user, button);
    expect(within(panel).getByText('Select a contact to start a conversation.')).toBeTruthy();
  });

  it('a click outside closes it', async () => {
    const { user } = renderChat();
    await openPanel(user);
    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    await user.click(backdrop!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getChatPanel().open).toBe(false);
  });

  it("sets the user's own status", async () => {
    const { user, fetchMock } = renderChat({
      'POST /api/chat/user/data': ({ body }) => json({ id: me, name: 'Deniz', avatar: '', chatList: [], ...(body as object) }),
    });
    const panel = await openPanel(user);
    const select = await within(panel).findByRole('combobox', { name: 'My status' });
    expect(select).toHaveProperty('value', 'online');
    await user.selectOptions(select, 'away');
    await waitFor(() => expect(calls(fetchMock, 'POST /api/chat/user/data')).toHaveLength(1));
    expect(requestBody(calls(fetchMock, 'POST /api/chat/user/data')[0]![1])).toEqual({ status: 'away' });
    await waitFor(() => expect(select).toHaveProperty('value', 'away'));
  });

  it('is not in the toolbar where the right side panel is turned off', async () => {
    renderChat();
    await screen.findByRole('button', { name: /^Team Chat/ });
    act(() => changeShellSettings({ layout: { config: { rightSidePanel: { display: false } } } }));
    expect(screen.queryByRole('button', { name: /^Team Chat/ })).toBeNull();
  });

  it('marks the team: a player who calls themselves Admin shows without the Team mark, and is named as a player', async () => {
    const { user } = renderChat({
      'GET /api/chat/contacts': () =>
        json([
          { id: 4, name: 'Admin', role: 'admin', avatar: '', status: 'online', unread: 0 },
          { id: 9, name: 'Admin', role: 'user', avatar: '', status: 'online', unread: 0 },
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Team Chat' }));
    const panel = await screen.findByRole('dialog', { name: 'Team Chat' });
    const list = await within(panel).findByRole('list', { name: 'Contacts' });
    const [admin, impostor] = within(list).getAllByRole('button');
    expect(admin!.getAttribute('aria-label')).toBe('Admin (team admin), Online');
    expect(impostor!.getAttribute('aria-label')).toBe('Admin, Online');
    expect(within(admin!).getByTestId('chat-team-badge').textContent).toBe('Team');
    expect(within(impostor!).queryByTestId('chat-team-badge')).toBeNull();
    await user.click(impostor!);
    expect(within(panel).getByRole('heading', { name: 'Admin' })).toBeTruthy();
    expect(within(panel).queryAllByTestId('chat-team-badge')).toHaveLength(1);
    await user.click(admin!);
    expect(await within(panel).findByRole('heading', { name: 'Admin (team admin)' })).toBeTruthy();
  });

  it("offers the chat's language list (SPEC §9: Turkish, English), as the login's simpler switcher does", async () => {
    const { user } = renderChat();
    const panel = await openPanel(user);
    const list = within(panel).getByRole('combobox', { name: 'Language' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Türkçe', 'English']);
    expect((list as HTMLSelectElement).value).toBe('en');
    await user.selectOptions(list, 'tr');
    const turkish = await screen.findByRole('dialog', { name: 'Ekip Sohbeti' });
    expect(within(turkish).getByText('Sohbet başlatmak için bir kişi seçin.')).toBeTruthy();
    expect(within(turkish).getByRole<HTMLSelectElement>('combobox', { name: 'Dil' }).value).toBe('tr');
    expect(window.localStorage.getItem('language')).toBe('tr');
  });

  it('shows a language chosen elsewhere (Arabic) as the current one, until English or Turkish is picked', async () => {
    await act(() => initI18n('ar'));
    const { user } = renderChat();
    await user.click(await screen.findByRole('button', { name: /^دردشة الفريق/ }));
    const panel = await screen.findByRole('dialog', { name: 'دردشة الفريق' });
    const list = within(panel).getByRole<HTMLSelectElement>('combobox', { name: 'اللغة' });
    expect(list.value).toBe('ar');
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => [option.textContent, option.hasAttribute('disabled')]),
    ).toEqual([
      ['العربية', true],
      ['Türkçe', false],
      ['English', false],
    ]);
    await user.selectOptions(list, 'en');
    expect(await screen.findByRole('dialog', { name: 'Team Chat' })).toBeTruthy();
  });

  it('has no language list while Settings.json languageSelect is off', async () => {
    setSettings({ ...defaultSettings, languageSelect: false });
    const { user } = renderChat();
    const panel = await openPanel(user);
    expect(within(panel).queryByRole('combobox', { name: 'Language' })).toBeNull();
  });

  it('speaks Arabic', async () => {
    await act(() => initI18n('ar'));
    const { user } = renderChat();
    await user.click(await screen.findByRole('button', { name: 'دردشة الفريق، رسائل غير مقروءة: 3' }));
    const panel = await screen.findByRole('dialog', { name: 'دردشة الفريق' });
    expect(within(panel).getByText('اختر جهة اتصال لبدء محادثة.')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Selin Support (موظف الفريق)، متصل، رسائل غير مقروءة: 2' }));
    expect(await within(panel).findByRole('textbox', { name: 'اكتب رسالتك' })).toBeTruthy();
  });
});

const cachedChats = (queryClient: QueryClient) => queryClient.getQueryCache().findAll({ queryKey: ['chat', 'chat'] });

async function openPanelAgain(user: ReturnType<typeof userEvent.setup>, button: HTMLElement) {
  await user.click(button);
  return screen.findByRole('dialog', { name: 'Team Chat' });
}
