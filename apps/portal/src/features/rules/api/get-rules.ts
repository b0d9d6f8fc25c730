import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesAnswer, type RulesAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /api/rules?lang: the operator's rules in Markdown (rules.{lang}.md when written, else rules.md). */
export function getRules(language: string, { signal }: { signal?: AbortSignal } = {}): Promise<RulesAnswer> {
  const query = ['en', 'tr', 'ar'].includes(language) ? `?lang=${language}` : '';
  return request(`/api/rules${query}`, rulesAnswer, { signal });
}

export const rulesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['rules', language] as const,
    queryFn: ({ signal }) => getRules(language, { signal }),
  });

export const useRules = (language: string) => useQuery(rulesQueryOptions(language));
