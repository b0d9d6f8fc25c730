import { useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { alpha, useTheme, type SxProps, type Theme } from '@mui/material/styles';
import type { PageLayoutDescription, SidebarPlacement } from './page-layout-description';
import { PageSidebar, SidebarToggle, type SidebarSide, type SidebarSlot } from './page-sidebar';
import { useMediaMatch } from './use-media-match';

type PageLayoutProps = {
  layout: PageLayoutDescription;
  /** The header's content (the page's h1 and what goes beside it); shown when the layout has a header. */
  header?: ReactNode;
  /** A PageTabs; shown when the layout has tabs. */
  tabs?: ReactNode;
  /** Shown when the layout has a left sidebar (the start side: the right in Arabic). */
  leftSidebar?: SidebarSlot;
  /** Shown when the layout has a right sidebar (the end side). */
  rightSidebar?: SidebarSlot;
  /** The content's name: in content scroll it is a scrolled region, which the keyboard reaches. */
  contentLabel?: string;
  /** Keeps the content to a readable width (a document, a form). */
  contentMaxWidth?: number;
  component?: 'section' | 'article' | 'div';
  'aria-labelledby'?: string;
  children: ReactNode;
};

type Placed = { side: SidebarSide; placement: SidebarPlacement; slot: SidebarSlot; id: string };

const pad = { xs: 1.5, sm: 3 };

/**
 * A page drawn from its layout description (page-layout-description.ts; docs/portal-shell.md "Page
 * layouts"): `carded` a header band with the content on a card over it, `simple` the same parts flat
 * on the page. Below the md breakpoint each sidebar is a drawer opened from a button in the header.
 * Sides are the reading direction's: flex rows and logical properties mirror the whole page in Arabic.
 */
export function PageLayout({ layout, component = 'section', contentLabel, contentMaxWidth, children, ...slots }: PageLayoutProps) {
  const theme = useTheme();
  const phone = useMediaMatch(theme.breakpoints.down('md'));
  const [open, setOpen] = useState<SidebarSide | null>(null);
  const id = useId();
  const carded = layout.family === 'carded';
  const contentScroll = layout.scroll === 'content';

  const sidebars: Placed[] = [];
  for (const side of ['left', 'right'] as const) {
    const placement = side === 'left' ? layout.leftSidebar : layout.rightSidebar;
    const slot = side === 'left' ? slots.leftSidebar : slots.rightSidebar;
    if (placement && slot) sidebars.push({ side, placement, slot, id: `${id}-${side}-sidebar` });
  }
  const sidebar = (side: SidebarSide, placement: SidebarPlacement) => {
    const placed = sidebars.find((candidate) => candidate.side === side && candidate.placement === placement);
    if (!placed) return null;
    const drawer = phone ? { open: open === side, onClose: () => setOpen(null) } : null;
    return <PageSidebar {...placed} family={layout.family} drawer={drawer} contentScroll={contentScroll} />;
  };
  const toggle = (side: SidebarSide) => {
    const placed = phone && sidebars.find((candidate) => candidate.side === side);
    return placed ? (
      <SidebarToggle side={side} slot={placed.slot} id={placed.id} open={open === side} onOpen={() => setOpen(side)} />
    ) : null;
  };
  // Every sidebar sits somewhere: on a phone its drawer, in either placement.
  const both = (side: SidebarSide) => (
    <>
      {sidebar(side, 'outer')}
      {phone && sidebar(side, 'inner')}
    </>
  );

  const headerRow = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      {toggle('left')}
      <Box sx={{ flex: 1, minWidth: 0 }}>{slots.header}</Box>
      {toggle('right')}
    </Box>
  );
  const header = layout.header ? (
    <Box
      component="header"
      data-page-region="header"
      sx={{
        px: pad,
        py: 3,
        ...(carded ? { pb: 9, bgcolor: alpha(theme.palette.primary.main, 0.14) } : { borderBottom: 1, borderColor: 'divider' }),
      }}
    >
      {headerRow}
    </Box>
  ) : (
    // Without a header the sidebar buttons still need a place.
    phone && sidebars.length > 0 && <Box sx={{ px: pad, pt: 1 }}>{headerRow}</Box>
  );
  const tabs = layout.tabs && slots.tabs && (
    <Box data-page-region="tabs" sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 0, sm: 1 }, flexShrink: 0 }}>
      {slots.tabs}
    </Box>
  );
  const content = (
    <Box
      data-page-region="content"
      {...(contentScroll && { role: 'region', 'aria-label': contentLabel, tabIndex: 0 })}
      sx={{ flex: 1, minWidth: 0, p: pad, ...(contentScroll && { overflowY: 'auto', minHeight: 0 }) }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: contentMaxWidth }}>{children}</Box>
    </Box>
  );
  const body = (
    <Box sx={{ display: 'flex', flex: 1, minHeight: 0, minWidth: 0 }}>
      {!phone && sidebar('left', 'inner')}
      {content}
      {!phone && sidebar('right', 'inner')}
    </Box>
  );

  const root: SxProps<Theme> = {
    display: 'flex',
    width: '100%',
    minWidth: 0,
    ...(contentScroll
      ? { flex: '0 0 auto', height: { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)' }, minHeight: 420, overflow: 'hidden' }
      : { flex: '1 0 auto' }),
  };

  if (carded) {
    return (
      <Box
        component={component}
        aria-labelledby={slots['aria-labelledby']}
        data-page-layout="carded"
        sx={[root, { flexDirection: 'column' }]}
      >
        {header}
        <Box sx={{ display: 'flex', gap: 3, flex: 1, minHeight: 0, px: pad, pb: pad, mt: layout.header ? -6 : pad }}>
          {both('left')}
          <Paper data-page-region="card" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
            {tabs}
            {body}
          </Paper>
          {both('right')}
        </Box>
      </Box>
    );
  }
  return (
    <Box component={component} aria-labelledby={slots['aria-labelledby']} data-page-layout="simple" sx={root}>
      {both('left')}
      <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }}>
        {header}
        {tabs}
        {body}
      </Box>
      {both('right')}
    </Box>
  );
}
