import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings, setSettings } from '@/shared/config/settings';
import { notificationSocketOptions } from './notification-listeners';

describe('notification socket transport (Settings.json socketTransport)', () => {
  afterEach(() => setSettings(defaultSettings));

  it("by default leaves Socket.IO's transports alone: long-polling first, then the upgrade", () => {
    expect(defaultSettings.socketTransport).toBe('polling-then-websocket');
    expect(notificationSocketOptions('tok')).toEqual({ auth: { token: 'tok' }, query: { token: 'tok' } });
  });

  it("'websocket' opens with the WebSocket transport only (no long-polling request)", () => {
    setSettings({ ...defaultSettings, socketTransport: 'websocket' });
    expect(notificationSocketOptions('tok')).toEqual({ auth: { token: 'tok' }, query: { token: 'tok' }, transports: ['websocket'] });
    expect(notificationSocketOptions('tok', { socketTransport: 'polling-then-websocket' })).toEqual({
      auth: { token: 'tok' },
      query: { token: 'tok' },
    });
  });

  it('sends the token in the handshake auth and, as SPEC §7 says, as the token query parameter', () => {
    for (const socketTransport of ['websocket', 'polling-then-websocket'] as const) {
      const options = notificationSocketOptions('tok', { socketTransport });
      expect(options.auth).toEqual({ token: 'tok' });
      expect(options.query).toEqual({ token: 'tok' });
    }
  });
});
