import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { initI18n } from '@/shared/i18n/i18n';
import { noticeTexts } from '../lib/notice-texts';
import { BrowserNotice, downloadLinks } from './browser-notice';

describe('BrowserNotice', () => {
  it('no-webrtc: WebRTC is unsupported, check that it is enabled, some VPNs do not support the protocol', () => {
    render(<BrowserNotice problem="no-webrtc" />);
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'WebRTC is not supported' })).toBeTruthy();
    expect(screen.getByText(/enabled in your browser’s settings/)).toBeTruthy();
    expect(screen.getByText(/Some VPNs do not support the protocol/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('recommend-browser: recommends Chrome or Safari, with links to download them', () => {
    render(<BrowserNotice problem="recommend-browser" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Please use Chrome or Safari' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download Google Chrome' }).getAttribute('href')).toBe(downloadLinks.chrome);
    expect(screen.getByRole('link', { name: 'Download Safari' }).getAttribute('href')).toBe(downloadLinks.safari);
  });

  it('speaks Turkish, and Arabic right to left', async () => {
    await initI18n('tr');
    render(<BrowserNotice problem="recommend-browser" />);
    expect(screen.getByRole('heading', { level: 1, name: noticeTexts.tr.recommend.title })).toBeTruthy();
    await act(() => initI18n('ar'));
    expect(screen.getByRole('heading', { level: 1, name: noticeTexts.ar.recommend.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: noticeTexts.ar.recommend.chrome })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
