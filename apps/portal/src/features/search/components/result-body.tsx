import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { SearchHit } from '../lib/search-index';
import { useSearchTexts } from '../lib/search-texts';
import { Highlighted } from './highlighted';

/** Under a result's title: its subtitle and what it is, the text around the match, the brand page of a machine. */
export function ResultBody({ hit }: { hit: SearchHit }) {
  const t = useSearchTexts();
  const { document, snippet } = hit;
  return (
    <>
      <Typography variant="body2" color="text.secondary" component="p">
        {document.subtitle && (
          <>
            <Highlighted text={document.subtitle} ranges={hit.subtitle} />
            {document.meta && ' · '}
          </>
        )}
        {document.meta}
      </Typography>
      {snippet && snippet.text && (
        // The page's own text, in its own direction (an English info page in the Arabic portal).
        <Typography variant="body2" component="p" dir="auto" sx={{ overflowWrap: 'anywhere', textAlign: 'start' }}>
          {snippet.cutStart && '… '}
          <Highlighted text={snippet.text} ranges={snippet.ranges} />
          {snippet.cutEnd && ' …'}
        </Typography>
      )}
      {document.secondary && (
        <Box component="p" sx={{ m: 0 }}>
          <Link component={RouterLink} to={document.secondary.href} variant="body2" data-search-result="">
            {t('brandPage', { brand: document.secondary.brand })}
          </Link>
        </Box>
      )}
    </>
  );
}
