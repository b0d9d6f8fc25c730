import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentationList, type DocumentationList } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /api/documentation: the pages this account may read (players: the player pages; staff and admin: all). */
export function getDocumentationList({ signal }: { signal?: AbortSignal } = {}): Promise<DocumentationList> {
  return request('/api/documentation', documentationList, { signal });
}

export const documentationListQueryOptions = () =>
  queryOptions({
    queryKey: ['documentation', 'list'] as const,
    queryFn: ({ signal }) => getDocumentationList({ signal }),
  });

export const useDocumentationList = () => useQuery(documentationListQueryOptions());
