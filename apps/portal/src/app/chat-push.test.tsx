import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { closeChatPanel } from '@/features/chat/lib/chat-panel-store';
import { json, mockFetch } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

describe('chat pushes', () => {
  afterEach(() => closeChatPanel());

  it("the toolbar's Team Chat button comes after the first view; message and read pushes keep its unread count", async () => {
    mockFetch({
      'GET /player/balance': () => json({ balance: 150000 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/brands': () => json([]),
      'GET /machine/all': () => json([]),
      'GET /api/chat/contacts': () => json([{ id: 3, name: 'Selin Support', role: 'staff', avatar: '', status: 'online', unread: 0 }]),
    });
    signIn({ id: 7 });
    const { socket, connections } = renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    expect(screen.queryByRole('button', { name: /^Team Chat/ })).toBeNull();
    await screen.findByRole('button', { name: 'Team Chat' });
    await waitFor(() => expect(connections).toHaveLength(1));
    // Its handlers are attached just after it opens.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    const push = { chatId: 11, contactId: 3, message: { id: 1, who: 3, message: 'Hello', time: '2025-03-04T10:11:12.000Z' } };
    act(() => {
      socket.emit('chatMessage', push);
      socket.emit('chatMessage', { ...push, message: { ...push.message, id: 2 } });
      // Not a push: ignored.
      socket.emit('chatMessage', { chatId: 11 });
    });
    expect(await screen.findByRole('button', { name: 'Team Chat, unread messages: 2' })).toBeTruthy();
    act(() => {
      socket.emit('chatRead', { chatId: 11, contactId: 3 });
    });
    expect(await screen.findByRole('button', { name: 'Team Chat' })).toBeTruthy();
  });
});
