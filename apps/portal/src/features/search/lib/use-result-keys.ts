import type { KeyboardEvent, RefObject } from 'react';

/**
 * The arrow keys in the search page: Down from the field goes to the first result, Up and Down move
 * between results (`[data-search-result]` links, in the page's order), Up from the first result
 * and Esc in the results go back to the field, Home and End to the first and last result.
 */
export function useResultKeys(root: RefObject<HTMLElement | null>, field: RefObject<HTMLInputElement | null>) {
  return (event: KeyboardEvent) => {
    if (!root.current || !['ArrowDown', 'ArrowUp', 'Home', 'End', 'Escape'].includes(event.key)) return;
    const results = [...root.current.querySelectorAll<HTMLElement>('[data-search-result]')];
    const active = root.current.ownerDocument.activeElement;
    const inField = active === field.current;
    const index = results.findIndex((result) => result === active);
    if (!inField && index === -1) return;
    let next: HTMLElement | null | undefined;
    if (inField) {
      if (event.key !== 'ArrowDown') return;
      next = results[0];
    } else if (event.key === 'ArrowDown') next = results[Math.min(index + 1, results.length - 1)];
    else if (event.key === 'ArrowUp') next = index === 0 ? field.current : results[index - 1];
    else if (event.key === 'Home') next = results[0];
    else if (event.key === 'End') next = results.at(-1);
    else next = field.current;
    if (!next) return;
    event.preventDefault();
    next.focus();
  };
}
