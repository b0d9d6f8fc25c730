import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentationPage, type DocumentationPage } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { ApiError } from '@/shared/api/api-error';

/** GET /api/documentation/:slug: one page's Markdown (403 for an operator page asked by a player, 404 for no such page). */
export function getDocumentationPage(slug: string, { signal }: { signal?: AbortSignal } = {}): Promise<DocumentationPage> {
  return request(`/api/documentation/${encodeURIComponent(slug)}`, documentationPage, { signal });
}

export const documentationPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['documentation', 'page', slug] as const,
    queryFn: ({ signal }) => getDocumentationPage(slug, { signal }),
  });

export const useDocumentationPage = (slug: string) => useQuery(documentationPageQueryOptions(slug));

/** Why a page did not come: the server's refusal (the role, no such page) or a failure worth a retry. */
export function pageRefusal(error: unknown): 'forbidden' | 'not-found' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 403) return 'forbidden';
  if (error.status === 404) return 'not-found';
  return null;
}
