import { z } from 'zod/mini';
import { documented } from './meta.ts';

/**
 * The documentation (SPEC §2 /documentation): the project's own `docs/*.md` pages, served to
 * signed-in accounts by GET /api/documentation (the list) and GET /api/documentation/:slug (a page's
 * Markdown). Players get the player pages; the operator's team (staff, admin) every page
 * (docs/documentation.md).
 *
 * @example
 * const { pages } = documentationList.parse(await api.get('/api/documentation'))
 * const { content } = documentationPage.parse(await api.get(`/api/documentation/${pages[0].slug}`))
 */

/** A page's name: its file name without `.md`; lower-case letters, digits and `-`. */
export const DOCUMENTATION_SLUG_PATTERN = /^[a-z0-9-]{1,64}$/;

/** Who a page is written for: `player` pages are open to every signed-in account, `operator` pages to staff and admin. */
export const documentationAudiences = ['player', 'operator'] as const;
export const documentationAudience = z.enum(documentationAudiences);
export type DocumentationAudience = z.infer<typeof documentationAudience>;

export const documentationSlug = documented(z.string().check(z.regex(DOCUMENTATION_SLUG_PATTERN)), {
  description: "The page's file name without .md: lower-case letters, digits and '-', e.g. business-rules",
});

export const documentationEntry = z.object({
  slug: documentationSlug,
  title: documented(z.string(), { description: "The page's first level-1 heading (its slug when it has none)" }),
  audience: documentationAudience,
});
export type DocumentationEntry = z.infer<typeof documentationEntry>;

/** GET /api/documentation: the pages the caller may read, player pages first, each group by title. */
export const documentationList = z.object({
  pages: z.array(documentationEntry),
});
export type DocumentationList = z.infer<typeof documentationList>;

export const documentationParams = z.object({ slug: documented(z.string(), { description: 'A slug of the list' }) });

/** GET /api/documentation/:slug: the page's Markdown, as the file holds it. */
export const documentationPage = z.object({
  slug: documentationSlug,
  title: z.string(),
  audience: documentationAudience,
  content: documented(z.string(), { description: 'GitHub-flavoured Markdown; links to other pages are written as x.md or docs/x.md' }),
  updatedAt: documented(z.string(), { description: "ISO time of the file's last change" }),
});
export type DocumentationPage = z.infer<typeof documentationPage>;
