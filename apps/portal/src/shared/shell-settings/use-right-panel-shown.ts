import { useRouteHandle } from '@/shared/config/route-handle';
import { useShellSettings } from './shell-settings';

/** The right side panel (the team chat, the quick panel) is shown: the layout's option and the route allow it. */
export function useRightPanelShown(): boolean {
  const shown = useShellSettings((settings) => settings.layout.config.rightSidePanel.display);
  return useRouteHandle().layout.panels && shown;
}
