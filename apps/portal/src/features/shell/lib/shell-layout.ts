import { createContext, useContext } from 'react';

/** What the layout decided for the parts inside it: whether a navbar can be opened, its side, the content width. */
export type ShellLayout = {
  /** The navbar is shown (the route and the layout's `navbar.display` allow it). */
  navbar: boolean;
  /** The navbar is at the end side (`navbar.position` right: the right in LTR, the left in RTL). */
  navbarEnd: boolean;
  /** The toolbar is shown (the route and the layout's `toolbar.display` allow it). */
  toolbar: boolean;
  /** `mode` container: the width the bars' and the page's content keep to. */
  container?: number;
};

export const ShellLayoutContext = createContext<ShellLayout>({ navbar: true, navbarEnd: false, toolbar: true });

export const useShellLayout = () => useContext(ShellLayoutContext);
