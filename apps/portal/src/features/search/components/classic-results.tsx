import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SearchGroup } from '../lib/search-index';
import { useSearchTexts } from '../lib/search-texts';
import { Highlighted, markStyles } from './highlighted';
import { ResultBody } from './result-body';
import { ResultLink } from './result-link';

/** The classic presentation: one list like a search engine's, a heading with the count per kind. */
export function ClassicResults({ groups }: { groups: readonly SearchGroup[] }) {
  const t = useSearchTexts();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 760, ...markStyles }}>
      {groups
        .filter((group) => group.hits.length > 0)
        .map((group) => (
          <Box
            component="section"
            key={group.kind}
            aria-labelledby={`search-group-${group.kind}`}
            data-testid={`search-group-${group.kind}`}
          >
            <Typography id={`search-group-${group.kind}`} variant="overline" component="h2" color="text.secondary" sx={{ fontWeight: 700 }}>
              {t('kindCount', { kind: t(`kinds.${group.kind}`), count: group.hits.length })}
            </Typography>
            <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
              {group.hits.map((hit) => (
                <li key={hit.document.id} data-testid="search-result">
                  <Typography variant="h6" component="h3" sx={{ fontSize: '1.125rem', lineHeight: 1.3 }}>
                    <ResultLink document={hit.document}>
                      <Highlighted text={hit.document.title} ranges={hit.title} />
                    </ResultLink>
                  </Typography>
                  <ResultBody hit={hit} />
                </li>
              ))}
            </Box>
          </Box>
        ))}
    </Box>
  );
}
