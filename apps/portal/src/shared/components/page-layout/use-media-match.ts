import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the window matches a media query (MUI's breakpoint helpers give one: `theme.breakpoints.down('md')`),
 * kept current. MUI's useMediaQuery does the same, but it sits in a chunk of the shell's: importing it
 * here would split it out of the first views' downloads.
 */
export function useMediaMatch(query: string): boolean {
  const media = query.replace(/^@media\s*/, '');
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(media);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [media],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(media).matches);
}
