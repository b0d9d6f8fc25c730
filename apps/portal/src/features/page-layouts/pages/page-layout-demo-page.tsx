import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { PageTabPanel, PageTabs } from '@/shared/components/page-layout/page-tabs';
import { paths } from '@/shared/config/paths';
import { useRouteVariant } from '@/shared/config/route-handle';
import { DemoParagraphs, DemoSidebar, RegionSummary } from '../components/layout-demo-parts';
import { usePageLayoutDemoTexts } from '../lib/page-layout-demo-texts';
import { layoutDemoOf } from '../lib/page-layout-descriptions';

const tabValues = ['1', '2', '3'] as const;
type TabValue = (typeof tabValues)[number];

/**
 * /ui/page-layouts/carded/*, /simple/* and /blank: the layout the route's name stands for
 * (lib/page-layout-descriptions.ts), drawn by the same components the player pages use, each region
 * saying what it is.
 */
export function PageLayoutDemoPage() {
  const t = usePageLayoutDemoTexts();
  const { pathname } = useLocation();
  const demo = layoutDemoOf(pathname, useRouteVariant());
  const [tab, setTab] = useState<TabValue>('1');
  if (!demo) return <Navigate to={paths.error404.getHref()} replace />;
  const { family, name, layout } = demo;

  const title = (
    <>
      <Typography id="page-layout-heading" component="h1" variant="h4" sx={{ fontWeight: 800 }}>
        {t(`title.${family}`)}
      </Typography>
      {family !== 'blank' && (
        <Typography component="p" variant="subtitle1">
          <Box component="code" dir="ltr" sx={{ fontFamily: 'monospace' }}>
            {name}
          </Box>
        </Typography>
      )}
    </>
  );
  const sections = (
    <>
      <RegionSummary family={family} layout={layout} />
      <Typography component="h2" variant="h6">
        {t('content')}
      </Typography>
      <DemoParagraphs />
    </>
  );

  return (
    <PageLayout
      layout={layout}
      aria-labelledby="page-layout-heading"
      contentLabel={t('content')}
      header={
        <>
          {title}
          <Typography variant="body2" color="text.secondary">
            {t('headerText')}
          </Typography>
        </>
      }
      tabs={
        <PageTabs
          label={t('tabsLabel')}
          idPrefix="layout-demo"
          items={tabValues.map((value) => ({ value, label: t('tab', { n: value }) }))}
          value={tab}
          onChange={setTab}
        />
      }
      leftSidebar={{ label: t('leftSidebar'), content: <DemoSidebar label={t('leftSidebar')} /> }}
      rightSidebar={{ label: t('rightSidebar'), content: <DemoSidebar label={t('rightSidebar')} /> }}
    >
      {!layout.header && (
        <Box>
          {title}
          <Typography color="text.secondary">{t('blankText')}</Typography>
        </Box>
      )}
      {layout.tabs ? (
        <PageTabPanel idPrefix="layout-demo" value={tab}>
          <Typography>{t('tabText', { n: tab })}</Typography>
          {sections}
        </PageTabPanel>
      ) : (
        sections
      )}
    </PageLayout>
  );
}
