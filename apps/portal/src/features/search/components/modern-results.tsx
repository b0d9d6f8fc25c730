import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SearchGroup, SearchHit } from '../lib/search-index';
import { useSearchTexts } from '../lib/search-texts';
import { Highlighted, markStyles } from './highlighted';
import { ResultBody } from './result-body';
import { ResultLink } from './result-link';

function ResultCard({ hit }: { hit: SearchHit }) {
  return (
    <Card component="li" variant="outlined" data-testid="search-result" sx={{ display: 'flex' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          <ResultLink document={hit.document}>
            <Highlighted text={hit.document.title} ranges={hit.title} />
          </ResultLink>
        </Typography>
        <ResultBody hit={hit} />
      </CardContent>
    </Card>
  );
}

const grid = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: 2,
} as const;

/** The modern presentation: cards, every kind under its heading ('all'), or the one kind its tab chose. */
export function ModernResults({ groups, single }: { groups: readonly SearchGroup[]; single: boolean }) {
  const t = useSearchTexts();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, ...markStyles }}>
      {groups
        .filter((group) => group.hits.length > 0)
        .map((group) => (
          <Box
            component="section"
            key={group.kind}
            aria-labelledby={single ? undefined : `search-group-${group.kind}`}
            aria-label={single ? t(`kinds.${group.kind}`) : undefined}
            data-testid={`search-group-${group.kind}`}
          >
            {!single && (
              <Typography id={`search-group-${group.kind}`} variant="h6" component="h2" sx={{ mb: 1.5, fontWeight: 700 }}>
                {t('kindCount', { kind: t(`kinds.${group.kind}`), count: group.hits.length })}
              </Typography>
            )}
            <Box component="ul" sx={grid}>
              {group.hits.map((hit) => (
                <ResultCard key={hit.document.id} hit={hit} />
              ))}
            </Box>
          </Box>
        ))}
    </Box>
  );
}
