import { StrictMode, type ComponentType, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import type { BrowserVerdict } from './lib/browser-rule';
import { checkIp } from './lib/ip-check';

/** What the door's screens need from the app's code: its theme (app/app.tsx). */
type AppTheme = { ThemeFrame: ComponentType<{ children: ReactNode }> };

/**
 * SPEC §4 app start, the part before the app (loaded only when it has something to do): a browser
 * the rule turned away gets its notice; otherwise the IP check asks the platform, shows 'Your IP
 * address is being checked' meanwhile, then the blocked screen or the network-error alert. Resolves
 * true when the app may start; from then on it renders nothing more in `root`.
 * `ready`: the app's code once it and the messages are in.
 */
export async function openDoor(browser: BrowserVerdict, apiBaseUrl: string, root: Root, ready: Promise<AppTheme>): Promise<boolean> {
  let passed = false;
  const show = async (screen: ReactNode) => {
    const { ThemeFrame } = await ready;
    if (passed) return;
    root.render(
      <StrictMode>
        <ThemeFrame>{screen}</ThemeFrame>
      </StrictMode>,
    );
  };
  if (browser !== 'app') {
    const { BrowserNotice } = await import('./components/browser-notice');
    await show(<BrowserNotice problem={browser} />);
    return false;
  }
  const outcome = checkIp(apiBaseUrl);
  void import('./components/ip-gate').then(({ IpGate }) => show(<IpGate outcome={outcome} />));
  passed = (await outcome).kind === 'allowed';
  return passed;
}
