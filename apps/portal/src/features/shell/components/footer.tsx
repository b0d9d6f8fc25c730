import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { UI_VERSION } from '@reelcast/protocol';
import { InfoLinks } from './info-links';

/** SPEC §2 footer: the info pages, the `start` slot (contacts) and 'UI Version v2.4.5'. */
export function Footer({ start }: { start?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 0.5,
        px: 2,
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <InfoLinks />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flex: 1 }}>{start}</Box>
      <Typography variant="caption" color="text.secondary">
        {t('shell.uiVersion', { version: UI_VERSION })}
      </Typography>
    </Box>
  );
}
