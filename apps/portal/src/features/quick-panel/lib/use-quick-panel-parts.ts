import { afterFirstViewModule } from '@/shared/lib/use-after-first-view-module';

/**
 * The quick panel's toolbar button and drawer host (components/quick-panel-parts.ts) for a signed-in
 * user, null until they have loaded: nothing of the panel is needed for a page's first paint.
 */
export const useQuickPanelParts = afterFirstViewModule(() => import('../components/quick-panel-parts'));
