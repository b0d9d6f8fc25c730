import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** The width of `element`'s content box in CSS pixels; null where nothing is laid out (jsdom, a hidden element). */
export function contentWidth(element: HTMLElement): number | null {
  const style = getComputedStyle(element);
  const content = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return content > 0 ? content : null;
}

/**
 * The width of `element`'s content box in CSS pixels, followed as it changes; null until measured and
 * where nothing is laid out (jsdom). Measured first before the element is painted (a layout effect),
 * then each change drawn in the frame that brought it (flushSync in the observer), so a row that
 * adapts to its width never shows a frame at another width.
 *
 * `initial`, when it knows the width before the first render (the same row of the page the platform
 * rendered, already laid out: app/main.tsx's takeover), saves the layout effect's measure: that measure
 * forces a layout of the whole new page in the takeover's commit, and its update renders the tree again
 * in the same task, with every passive effect (docs/benchmarks.md "long tasks"). The observer's first
 * report, in the same frame before its paint, still corrects a width that was not the row's.
 */
export function useContentWidth(element: RefObject<HTMLElement | null>, initial?: () => number | null): number | null {
  const [width, setWidth] = useState<number | null>(() => initial?.() ?? null);
  const [knownAtStart] = useState(width !== null);
  useLayoutEffect(() => {
    const measured = element.current;
    if (!measured) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a measure of the laid-out DOM before its first paint (React's useLayoutEffect pattern); the observer's first report would come after the frame's animation callbacks
    if (!knownAtStart) setWidth(contentWidth(measured));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => flushSync(() => setWidth(contentWidth(measured))));
    observer.observe(measured);
    return () => observer.disconnect();
  }, [element, knownAtStart]);
  return width;
}
