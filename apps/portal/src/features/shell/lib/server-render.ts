import { createContext, useContext } from 'react';

/**
 * True in a page the platform renders (app/lobby-prerender.tsx), which cannot know the screen's width
 * (docs/architecture.md "First view"): the shell is laid out for a wide screen, CSS media queries hide
 * what a narrower one does not show (the side and horizontal navbars below `lg`), and the toolbar
 * leaves its controls, whose places follow the width it measures, to the app: the bar keeps its
 * height, and the money row's below the width where the app puts the money in a row of its own.
 */
export const ServerRender = createContext(false);

export const useServerRender = (): boolean => useContext(ServerRender);
