import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

export type PageTab<V extends string> = { value: V; label: string };

const tabId = (idPrefix: string, value: string) => `${idPrefix}-tab-${value}`;
const panelId = (idPrefix: string, value: string) => `${idPrefix}-panel-${value}`;

type PageTabsProps<V extends string> = {
  /** The tab list's name for screen readers. */
  label: string;
  /** Ties the tabs to their panel (PageTabPanel's `idPrefix`). */
  idPrefix: string;
  items: readonly PageTab<V>[];
  value: V;
  onChange: (value: V) => void;
};

/**
 * A page layout's tabs (its `tabs` slot): MUI Tabs, so the arrow keys move between them (swapped in
 * right-to-left), Home and End go to the ends, and the tab reached is shown at once.
 */
export function PageTabs<V extends string>({ label, idPrefix, items, value, onChange }: PageTabsProps<V>) {
  return (
    <Tabs
      value={value}
      onChange={(_event, next: V) => onChange(next)}
      aria-label={label}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      selectionFollowsFocus
    >
      {items.map((item) => (
        <Tab
          key={item.value}
          value={item.value}
          label={item.label}
          id={tabId(idPrefix, item.value)}
          // Only the chosen tab's panel exists: the others would point at nothing.
          aria-controls={item.value === value ? panelId(idPrefix, item.value) : undefined}
        />
      ))}
    </Tabs>
  );
}

/** The chosen tab's content, named by its tab. */
export function PageTabPanel({ idPrefix, value, children }: { idPrefix: string; value: string; children: ReactNode }) {
  return (
    <Box
      role="tabpanel"
      id={panelId(idPrefix, value)}
      aria-labelledby={tabId(idPrefix, value)}
      tabIndex={0}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      {children}
    </Box>
  );
}
