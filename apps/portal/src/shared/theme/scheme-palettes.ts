import { useEffect, useSyncExternalStore } from 'react';
// The types live with the table in color-schemes.ts (a type import loads no chunk), so the table imports nothing from here.
import type { ColorScheme, SchemePalette } from './color-schemes';

export type { ColorScheme, SchemePalette };

/** The colour scheme of a player who chose none: dark, gold on midnight blue. */
export const DEFAULT_SCHEME_ID = 'midnight-gold';

/**
 * The default scheme travels with the first chunk; the others are their own chunk (color-schemes.ts),
 * loaded when a player's settings name one or the settings drawers open (loadColorSchemes).
 */
export const midnightGold: SchemePalette = {
  mode: 'dark',
  primary: { main: '#f5b82e', contrastText: '#1a1204' },
  secondary: { main: '#26c6da' },
  background: { default: '#0b1220', paper: '#141d30' },
};

let list: readonly ColorScheme[] | null = null;
let table: ReadonlyMap<string, SchemePalette> | null = null;
let loading: Promise<readonly ColorScheme[]> | null = null;
const listeners = new Set<() => void>();

/** Every colour scheme, dark ones first; loads the table once. */
export function loadColorSchemes(): Promise<readonly ColorScheme[]> {
  loading ??= import('./color-schemes').then(
    ({ otherColorSchemes }) => {
      const colorSchemes = [{ id: DEFAULT_SCHEME_ID, palette: midnightGold }, ...otherColorSchemes];
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
  const isLoaded = () => table !== null;
  // The server's render (app/prerender.tsx) asks too: the same answer.
  const loaded = useSyncExternalStore(subscribe, isLoaded, isLoaded);
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
