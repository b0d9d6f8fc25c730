import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import Typography from '@mui/material/Typography';
import { LoadingScreen } from '@/shared/components/loading-screen';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { simpleFullWidth } from '@/shared/components/page-layout/page-layout-description';
import { paths } from '@/shared/config/paths';
import { useRouteVariant } from '@/shared/config/route-handle';
import { useUiReferenceTexts } from '../lib/ui-reference-texts';

// Each page downloads only its own part: the icons page alone holds every icon.
const pages = {
  icons: { title: 'icons.title', Body: lazy(() => import('../components/icons-reference').then((m) => ({ default: m.IconsReference }))) },
  typography: {
    title: 'typography.title',
    Body: lazy(() => import('../components/typography-reference').then((m) => ({ default: m.TypographyReference }))),
  },
  'helper-classes': {
    title: 'helpers.title',
    Body: lazy(() => import('../components/helpers-reference').then((m) => ({ default: m.HelpersReference }))),
  },
} as const;

const isPage = (variant: string | undefined): variant is keyof typeof pages => variant !== undefined && Object.hasOwn(pages, variant);

/** /ui/icons, /ui/typography and /ui/helper-classes: the portal's icons and its theme's type scale and helpers. */
export function UiPage() {
  const t = useUiReferenceTexts();
  const variant = useRouteVariant();
  if (!isPage(variant)) return <Navigate to={paths.error404.getHref()} replace />;
  const { title, Body } = pages[variant];

  return (
    <PageLayout
      layout={simpleFullWidth}
      aria-labelledby="ui-page-heading"
      header={
        <Typography id="ui-page-heading" component="h1" variant="h4" sx={{ fontWeight: 800 }}>
          {t(title)}
        </Typography>
      }
    >
      <Suspense fallback={<LoadingScreen />}>
        <Body />
      </Suspense>
    </PageLayout>
  );
}
