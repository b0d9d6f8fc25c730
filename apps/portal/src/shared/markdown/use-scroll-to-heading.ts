import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the heading the address names (`#id`) inside `root`, when the address or the text shown (`content`) changes. */
export function useScrollToHeading(root: RefObject<HTMLElement | null>, idPrefix: string, content: unknown) {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash.length < 2 || !root.current) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    const target = root.current.ownerDocument.getElementById(`${idPrefix}${id}`);
    if (!target || !root.current.contains(target)) return;
    target.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, key, idPrefix, content, root]);
}
