import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesAnswer, type RulesAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /api/information?lang: the operator's Information text in Markdown (information.{lang}.md when written, else information.md). */
export function getInformation(language: string, { signal }: { signal?: AbortSignal } = {}): Promise<RulesAnswer> {
  const query = ['en', 'tr', 'ar'].includes(language) ? `?lang=${language}` : '';
  return request(`/api/information${query}`, rulesAnswer, { signal });
}

export const useInformation = (language: string) =>
  useQuery(
    queryOptions({
      queryKey: ['information', language] as const,
      queryFn: ({ signal }) => getInformation(language, { signal }),
    }),
  );
