import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getSettings } from '@/shared/config/settings';
import { afterFirstView } from '@/shared/lib/after-first-view';
import { loadUntilLoaded } from '@/shared/lib/load-until-loaded';

/**
 * SPEC §1 optional live-chat widget: when Settings.json names a provider, its script is added once
 * the app has started (after the first view: the page and its data come first), in a chunk of its
 * own. Nothing is fetched when the provider is 'none'.
 */
export function LiveChatLoader({ pageShown }: { pageShown?: () => Promise<void> }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const { liveChat } = getSettings();
    if (liveChat.provider === 'none') return;
    let stopped = false;
    void afterFirstView(queryClient, pageShown)
      .then(() =>
        loadUntilLoaded(
          () => import('../lib/embed-live-chat'),
          () => stopped,
        ),
      )
      .then((loaded) => {
        if (loaded && !stopped) loaded.embedLiveChat(liveChat);
      });
    return () => {
      stopped = true;
    };
  }, [queryClient, pageShown]);
  return null;
}
