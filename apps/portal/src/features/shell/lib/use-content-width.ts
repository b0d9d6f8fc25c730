import { useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/**
 * The width of `element`'s content box in CSS pixels, followed as it changes; null until measured and
 * where nothing is laid out (jsdom). Measured first before the element is painted (a layout effect),
 * then each change drawn in the frame that brought it (flushSync in the observer), so a row that
 * adapts to its width never shows a frame at another width.
 */
export function useContentWidth(element: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measured = element.current;
    if (!measured) return;
    const measure = () => {
      const style = getComputedStyle(measured);
      const content = measured.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return content > 0 ? content : null;
    };
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a measure of the laid-out DOM before its first paint (React's useLayoutEffect pattern); the observer's first report would come after the frame's animation callbacks
    setWidth(measure());
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => flushSync(() => setWidth(measure())));
    observer.observe(measured);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
