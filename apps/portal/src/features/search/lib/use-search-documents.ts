import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { useSearchBrands, useSearchDocumentation, useSearchHelpPages, useSearchMachines, useSearchRules } from '../api/search-sources';
import { prepareDocuments, type SearchDocument, type SearchKind } from './search-index';
import { useSearchTexts } from './search-texts';

type Source = { isPending: boolean; isError: boolean; refetch: () => unknown };

/**
 * Every document the search looks through, in the portal's language, folded once per change of the
 * data; which kinds are still loading, and which failed (with a retry). Nothing is asked while
 * `enabled` is false (no query yet).
 */
export function useSearchDocuments(enabled: boolean) {
  const { t, i18n } = useTranslation();
  const texts = useSearchTexts();
  const language = i18n.language;
  const machines = useSearchMachines(enabled);
  const brands = useSearchBrands(enabled);
  const rules = useSearchRules(language, enabled);
  const help = useSearchHelpPages(language, enabled);
  const documentation = useSearchDocumentation(enabled);
  const rulesLabel = texts('rulesPage');
  const infoLabel = texts('infoPage');
  const documentationLabel = texts('documentation');

  const documents = useMemo((): SearchDocument[] => {
    const list: SearchDocument[] = [];
    for (const machine of machines.data ?? []) {
      list.push({
        kind: 'machines',
        id: `machine-${machine.id}`,
        title: machine.name,
        subtitle: machine.brand,
        meta: t(`lobby.status.${machine.status}`),
        href: paths.game.getHref(machine.id, machine.name),
        secondary: { brand: machine.brand, href: paths.brand.getHref(machine.brandId, machine.brand) },
      });
    }
    for (const brand of brands.data ?? []) {
      list.push({
        kind: 'brands',
        id: `brand-${brand.id}`,
        title: brand.name,
        meta: t('lobby.machineCount', { count: brand.machineCount }),
        href: paths.brand.getHref(brand.id, brand.name),
      });
    }
    if (rules.data) {
      const pageTitle = rules.data.title ?? t('rules.title');
      rules.data.sections.forEach((section, index) => {
        list.push({
          kind: 'rules',
          id: `rules-${section.id ?? index}`,
          title: section.heading ?? pageTitle,
          body: section.text,
          meta: rulesLabel,
          href: section.id ? `${paths.rules.getHref()}#${section.id}` : paths.rules.getHref(),
        });
      });
    }
    for (const page of help.data ?? []) {
      list.push({
        kind: 'help',
        id: `info-${page.page}`,
        title: t(`footer.${page.page}`),
        body: page.text,
        meta: infoLabel,
        // The footer's link: the platform's page in the portal's language.
        href: `/${page.page}.html?lang=${encodeURIComponent(language)}`,
        external: true,
      });
    }
    for (const page of documentation.data ?? []) {
      list.push({
        kind: 'help',
        id: `documentation-${page.slug}`,
        title: page.title,
        meta: documentationLabel,
        href: `/documentation/${page.slug}`,
      });
    }
    return list;
  }, [machines.data, brands.data, rules.data, help.data, documentation.data, t, language, rulesLabel, infoLabel, documentationLabel]);

  const prepared = useMemo(() => prepareDocuments(documents), [documents]);
  const sources: [SearchKind, Source][] = [
    ['machines', machines],
    ['brands', brands],
    ['rules', rules],
    ['help', help],
    ['help', documentation],
  ];
  const loading = enabled && sources.some(([, source]) => source.isPending);
  const failed = sources.filter(([, source]) => source.isError).map(([kind, source]) => ({ kind, retry: () => void source.refetch() }));
  return { prepared, loading, failed };
}
