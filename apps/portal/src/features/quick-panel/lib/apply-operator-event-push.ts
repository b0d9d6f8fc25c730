import type { QueryClient } from '@tanstack/react-query';
import type { OperatorEventPush } from '@reelcast/protocol';
import { i18n } from '@/shared/i18n/i18n';
import { showToast } from '@/shared/toasts/toast-store';
import { quickPanelQueryOptions } from '../api/get-quick-panel-data';
import './use-quick-panel-texts';

/**
 * The notification socket's operatorEvent push: the quick panel's events are fetched again (an open
 * panel shows the new one), and a notification toast tells of it, politely (news, not a problem); with
 * Notifications off it does not show (shared/toasts/toast-store.ts).
 */
export function applyOperatorEventPush(queryClient: QueryClient, event: OperatorEventPush): void {
  void queryClient.invalidateQueries({ queryKey: quickPanelQueryOptions().queryKey });
  showToast(i18n.t('quickPanel.newEvent', { title: event.title } as never) as unknown as string, {
    severity: 'info',
    polite: true,
    notification: true,
  });
}
