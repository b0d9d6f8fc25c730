import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod/mini';
import { DEFAULT_PER_PAGE, MAX_SEARCH_LENGTH, PER_PAGE_OPTIONS, type PerPage } from '@reelcast/protocol';

/** "Load more" stops growing the URL's page count here: a hand-typed page=9999 cannot fire 9999 requests. */
export const MAX_LOADED_PAGES = 50;

const isPerPage = (value: number): value is PerPage => (PER_PAGE_OPTIONS as readonly number[]).includes(value);

/**
 * The search-param fields every list screen shares. Each one falls back to its default with
 * `z.catch()`, so a hand-edited or stale URL shows the list instead of an error.
 * `page` is how many pages are shown ("Load more" adds one); `from`/`to` are local days (YYYY-MM-DD).
 */
export const listSearchFields = {
  page: z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(MAX_LOADED_PAGES)), 1),
  perPage: z.catch(
    z.pipe(
      z.coerce.number().check(z.refine(isPerPage)),
      z.transform((value: number) => value as PerPage),
    ),
    DEFAULT_PER_PAGE,
  ),
  search: z.catch(z.string().check(z.trim(), z.maxLength(MAX_SEARCH_LENGTH)), ''),
  from: z.catch(z.optional(z.iso.date()), undefined),
  to: z.catch(z.optional(z.iso.date()), undefined),
};

export type ListSearch = { page: number; perPage: PerPage; search: string; from?: string; to?: string };

function toSearchParams(values: Record<string, string | number | undefined>, defaults: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === '' || value === defaults[key]) continue;
    params.set(key, String(value));
  }
  return params;
}

/**
 * A list screen's state, kept in the URL: parsed with `schema` (whose fields `.catch()` to defaults),
 * written back without the defaults. Any change but `page` itself starts again from page 1.
 */
export function useListSearchParams<T extends ListSearch>(schema: z.ZodMiniType<T, unknown>) {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => schema.parse(Object.fromEntries(params)), [params, schema]);
  const defaults = useMemo(() => schema.parse({}) as Record<string, unknown>, [schema]);
  const update = useCallback(
    (patch: Partial<T>) => {
      setParams(
        (previous) => {
          const current = schema.parse(Object.fromEntries(previous));
          return toSearchParams({ ...current, page: 1, ...patch }, defaults);
        },
        { replace: true },
      );
    },
    [schema, setParams, defaults],
  );
  return [state, update] as const;
}

const startOfDay = (day: string): Date => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
};

/**
 * Local days of the filter as the API's instants: `from` at the start of its day, `to` at the start
 * of the day after (the API's `to` is exclusive, the screen's is inclusive). Reversed days are swapped.
 */
export function dayRange(from?: string, to?: string): { from?: string; to?: string } {
  let [first, last] = [from, to];
  if (first && last && first > last) [first, last] = [last, first];
  const range: { from?: string; to?: string } = {};
  if (first) range.from = startOfDay(first).toISOString();
  if (last) {
    const end = startOfDay(last);
    end.setDate(end.getDate() + 1);
    range.to = end.toISOString();
  }
  return range;
}

/** The API's query of one page of a list screen: page, perPage, the search if any, and the days as instants (dayRange). */
export function listQueryParams(filters: Pick<ListSearch, 'perPage' | 'search' | 'from' | 'to'>, page: number): URLSearchParams {
  const params = new URLSearchParams({ page: String(page), perPage: String(filters.perPage) });
  if (filters.search) params.set('search', filters.search);
  const range = dayRange(filters.from, filters.to);
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  return params;
}
