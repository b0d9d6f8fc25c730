import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { visuallyHidden } from '@/shared/theme/theme';
import type { SearchDocument } from '../lib/search-index';
import { useSearchTexts } from '../lib/search-texts';

/**
 * A result's link: through the router to a page of the portal, or to a page of its own in a new tab
 * (an info page), said so to screen readers. The title keeps its own direction (<bdi>: a machine's Latin
 * name in the Arabic portal). `data-search-result` lets the arrow keys move between
 * results (use-result-keys.ts).
 */
export function ResultLink({ document, children, sx }: { document: SearchDocument; children: ReactNode; sx?: object }) {
  const t = useSearchTexts();
  if (document.external) {
    return (
      <Link href={document.href} target="_blank" rel="noopener noreferrer" data-search-result="" sx={sx}>
        <bdi>{children}</bdi>
        <span style={visuallyHidden}> {t('opensInNewTab')}</span>
      </Link>
    );
  }
  return (
    <Link component={RouterLink} to={document.href} data-search-result="" sx={sx}>
      <bdi>{children}</bdi>
    </Link>
  );
}
