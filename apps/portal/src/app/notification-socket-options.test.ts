import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings, setSettings } from '@/shared/config/settings';
import { notificationSocketOptions } from './notification-socket';

describe('notification socket transport (Settings.json socketTransport)', () => {
  afterEach(() => setSettings(defaultSettings));

  it("by default leaves Socket.IO's transports alone: long-polling first, then the upgrade", () => {
    expect(defaultSettings.socketTransport).toBe('polling-then-websocket');
    expect(notificationSocketOptions('tok')).toEqual({ auth: { token: 'tok' } });
  });

  it("'websocket' opens with the WebSocket transport only (no long-polling request)", () => {
    setSettings({ ...defaultSettings, socketTransport: 'websocket' });
    expect(notificationSocketOptions('tok')).toEqual({ auth: { token: 'tok' }, transports: ['websocket'] });
    expect(notificationSocketOptions('tok', { socketTransport: 'polling-then-websocket' })).toEqual({ auth: { token: 'tok' } });
  });
});
