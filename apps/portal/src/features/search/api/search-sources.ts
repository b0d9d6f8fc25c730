import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  brandList,
  documentationList,
  infoPages,
  machineList,
  rulesAnswer,
  type DocumentationEntry,
  type InfoPage,
} from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { ApiError } from '@/shared/api/api-error';
import { markdownSections, type MarkdownSection } from '../lib/markdown-sections';

/**
 * What the search looks through, each from the call the portal already makes for it: the lobby's
 * machines and brands, the rules page's Markdown, the footer's info pages and the documentation list.
 * Asked once there is something to search for (`enabled`), then kept like any other query.
 */

/** GET /machine/all (the lobby's call and cache entry). */
export const useSearchMachines = (enabled: boolean) =>
  useQuery({
    ...queryOptions({ queryKey: ['machine', 'all'] as const, queryFn: ({ signal }) => request('/machine/all', machineList, { signal }) }),
    enabled,
  });

/** GET /machine/brands (the lobby's call and cache entry). */
export const useSearchBrands = (enabled: boolean) =>
  useQuery({
    ...queryOptions({
      queryKey: ['machine', 'brands'] as const,
      queryFn: ({ signal }) => request('/machine/brands', brandList, { signal }),
    }),
    enabled,
  });

export type RulesPage = { title: string | null; sections: MarkdownSection[] };

/** GET /api/rules?lang (the rules page's call), read by the portal's Markdown reader, which loads with it. */
async function getRulesSections(language: string, signal?: AbortSignal): Promise<RulesPage> {
  const query = ['en', 'tr', 'ar'].includes(language) ? `?lang=${language}` : '';
  const [answer, reader] = await Promise.all([
    request(`/api/rules${query}`, rulesAnswer, { signal }),
    import('@/shared/markdown/parse-markdown'),
  ]);
  const document = reader.parseMarkdown(answer.content);
  return { title: document.title, sections: markdownSections(document, reader.plainText) };
}

export const useSearchRules = (language: string, enabled: boolean) =>
  useQuery({ queryKey: ['search', 'rules', language], queryFn: ({ signal }) => getRulesSections(language, signal), enabled });

export type HelpPage = { page: InfoPage; text: string };

/** The footer's info page as the player would read it (`/{page}.html`, the platform's HTML), as text. */
async function getInfoPageText(page: InfoPage, language: string, signal?: AbortSignal): Promise<HelpPage> {
  const response = await fetch(`/${page}.html?lang=${encodeURIComponent(language)}`, { headers: { Accept: 'text/html' }, signal });
  if (!response.ok) throw new ApiError(response.status, 'GET', `/${page}.html`, null);
  const html = new DOMParser().parseFromString(await response.text(), 'text/html');
  html.querySelectorAll('script, style, template, noscript').forEach((element) => element.remove());
  return { page, text: (html.body.textContent ?? '').replace(/\s+/g, ' ').trim() };
}

/** The six info pages; one that does not answer is left out, none answering is an error. */
async function getHelpPages(language: string, signal?: AbortSignal): Promise<HelpPage[]> {
  const settled = await Promise.allSettled(infoPages.map((page) => getInfoPageText(page, language, signal)));
  const pages = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  if (!pages.length && settled[0]?.status === 'rejected') throw settled[0].reason;
  return pages;
}

export const useSearchHelpPages = (language: string, enabled: boolean) =>
  useQuery({ queryKey: ['search', 'help', language], queryFn: ({ signal }) => getHelpPages(language, signal), enabled });

/**
 * GET /api/documentation: the documentation pages the account may read (the /documentation page's
 * call), searched by title. A platform without the list (404) or refusing it (403) gives none: the search goes on without them, with no error shown.
 */
async function getDocumentation(signal?: AbortSignal): Promise<DocumentationEntry[]> {
  try {
    return (await request('/api/documentation', documentationList, { signal })).pages;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return [];
    throw error;
  }
}

export const useSearchDocumentation = (enabled: boolean) =>
  useQuery({ queryKey: ['search', 'documentation'], queryFn: ({ signal }) => getDocumentation(signal), enabled });
