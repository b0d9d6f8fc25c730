import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { PageLayoutDescription } from '@/shared/components/page-layout/page-layout-description';
import { usePageLayoutDemoTexts } from '../lib/page-layout-demo-texts';
import type { DemoFamily } from '../lib/page-layout-descriptions';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/** The regions the layout's description gives it, as a list a screen reader reads too. */
export function RegionSummary({ family, layout }: { family: DemoFamily; layout: PageLayoutDescription }) {
  const t = usePageLayoutDemoTexts();
  const kind = layout.family;
  const parts = [
    layout.header && t('header'),
    layout.leftSidebar && `${t('leftSidebar')}: ${t(`placement.${kind}.${layout.leftSidebar}`)}`,
    layout.rightSidebar && `${t('rightSidebar')}: ${t(`placement.${kind}.${layout.rightSidebar}`)}`,
    layout.tabs && t('tabs'),
    t(`scroll.${layout.scroll}`),
  ].filter((part): part is string => typeof part === 'string');
  return (
    <Box component="section" aria-labelledby={`layout-regions-${family}`}>
      <Typography id={`layout-regions-${family}`} component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('regions')}
      </Typography>
      <Box component="ul" data-testid="layout-regions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}>
        {parts.map((part) => (
          <li key={part}>
            <Chip label={part} color="primary" variant="outlined" />
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** Text enough to scroll the page or the content. */
export function DemoParagraphs({ count = 14 }: { count?: number }) {
  const t = usePageLayoutDemoTexts();
  return numbers(count).map((n) => (
    <Typography key={n} component="p" variant="body1" color="text.secondary">
      {t('paragraph', { n })}
    </Typography>
  ));
}

/** What a demo sidebar shows: its name, what a sidebar is for, a list of entries. */
export function DemoSidebar({ label }: { label: string }) {
  const t = usePageLayoutDemoTexts();
  return (
    <>
      <Typography component="h2" variant="h6">
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {t('sidebarText')}
      </Typography>
      <Box component="ul" sx={{ m: 0, ps: 2.5 }}>
        {numbers(12).map((n) => (
          <Typography key={n} component="li" variant="body2" sx={{ py: 0.75 }}>
            {t('sidebarItem', { n })}
          </Typography>
        ))}
      </Box>
    </>
  );
}
