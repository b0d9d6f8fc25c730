import { lazy, Suspense, type ComponentProps } from 'react';
import Box from '@mui/material/Box';

const DateRangeFields = lazy(() => import('./date-range-fields').then((m) => ({ default: m.DateRangeFields })));

/**
 * The date range, its pickers (MUI X and dayjs, about 50 kB gzip) fetched once a list page is on screen;
 * until then two blank boxes of the fields' size hold their place.
 */
export function LazyDateRangeFields(props: ComponentProps<typeof DateRangeFields>) {
  return (
    <Suspense fallback={<Box aria-hidden sx={{ width: 392, height: 40 }} />}>
      <DateRangeFields {...props} />
    </Suspense>
  );
}
