import { useEffect, useSyncExternalStore } from 'react';
import { midnightGold, type ColorScheme, type SchemePalette } from './default-scheme';
import { DEFAULT_SCHEME_ID } from './scheme-ids';

export type { ColorScheme, SchemePalette };

let list: readonly ColorScheme[] | null = null;
let table: ReadonlyMap<string, SchemePalette> | null = null;
let loading: Promise<readonly ColorScheme[]> | null = null;
const listeners = new Set<() => void>();

/** Every colour scheme, dark ones first; loads the table once. */
export function loadColorSchemes(): Promise<readonly ColorScheme[]> {
  loading ??= import('./color-schemes').then(
    ({ colorSchemes }) => {
      list = colorSchemes;
      table = new Map(colorSchemes.map((scheme) => [scheme.id, scheme.palette]));
      listeners.forEach((listener) => listener());
      return colorSchemes;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Whether a scheme's colours are at hand: the default always, the others once the table is loaded. */
export const isSchemeReady = (id: string): boolean => id === DEFAULT_SCHEME_ID || table !== null;

/** A scheme's colours; an unknown id (or one whose table is not loaded yet) is the default's. */
export const paletteOf = (id: string): SchemePalette => (id === DEFAULT_SCHEME_ID ? midnightGold : (table?.get(id) ?? midnightGold));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Makes the schemes named ready (loading the table when one is not the default) and re-renders once
 * they are; true when they all are.
 */
export function useSchemesReady(ids: readonly string[]): boolean {
  const loaded = useSyncExternalStore(subscribe, () => table !== null);
  const ready = loaded || ids.every((id) => id === DEFAULT_SCHEME_ID);
  useEffect(() => {
    // A failed download keeps the default colours; the drawers retry when opened.
    if (!ready) loadColorSchemes().catch(() => {});
  }, [ready]);
  return ready;
}

/** Every colour scheme once the table is loaded (this loads it), null until then. */
export function useColorSchemes(): readonly ColorScheme[] | null {
  const schemes = useSyncExternalStore(subscribe, () => list);
  useEffect(() => {
    if (!schemes) loadColorSchemes().catch(() => {});
  }, [schemes]);
  return schemes;
}
