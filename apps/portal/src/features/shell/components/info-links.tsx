import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { useSettings } from '@/shared/config/settings';
import { useOnDemand } from '@/shared/lib/use-on-demand';
import { infoPageHref, infoPages, type InfoPage } from '../lib/info-pages';

// The dialog loads on the first click, not with the page.
const fetchDialog = () => import('./info-page-dialog').then((module) => module.InfoPageDialog);

// One line that scrolls sideways on a phone, wrapping on wider screens.
const navStyle = {
  display: 'flex',
  flex: { xs: '1 0 100%', md: '0 1 auto' },
  flexWrap: { xs: 'nowrap', md: 'wrap' },
  columnGap: 2,
  minWidth: 0,
  overflowX: 'auto',
  scrollbarWidth: 'thin',
  whiteSpace: 'nowrap',
} as const;
const linkStyle = {
  typography: 'caption',
  color: 'text.secondary',
  textDecoration: 'none',
  '&:hover, &:focus-visible': { textDecoration: 'underline' },
};

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * SPEC §2 footer: the six info pages. With Settings.json `externalInfo` on, a click opens the page in
 * a full-size modal (a click that asks for a new tab keeps that meaning); off, they are plain links
 * to a new tab.
 */
export function InfoLinks() {
  const { t, i18n } = useTranslation();
  const { externalInfo } = useSettings();
  const [page, setPage] = useState<InfoPage | null>(null);
  const [Dialog, load] = useOnDemand(fetchDialog);
  return (
    <Box component="nav" aria-label={t('footer.infoPages')} sx={navStyle}>
      {infoPages.map((name) => (
        <Box
          component="a"
          key={name}
          href={infoPageHref(name, i18n.language)}
          sx={linkStyle}
          {...(externalInfo
            ? {
                onClick: (event: MouseEvent) => {
                  if (!plainClick(event)) return;
                  event.preventDefault();
                  load(() => setPage(name));
                },
              }
            : { target: '_blank', rel: 'noopener noreferrer' })}
        >
          {t(`footer.${name}`)}
        </Box>
      ))}
      {Dialog && <Dialog page={page} onClose={() => setPage(null)} />}
    </Box>
  );
}
