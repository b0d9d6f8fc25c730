import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useShellSettings } from '@/shared/shell-settings/shell-settings';
import { useColorSchemeNames } from '@/shared/theme/color-scheme-names';
import type { ColorScheme } from '@/shared/theme/scheme-palettes';
import { schemeTextColour } from '@/shared/theme/scheme-swatch';
import { applySchemeEverywhere } from './change-settings';
import { useSettingsTexts } from './settings-texts';

/** Theme Color Schemes: every scheme as a small picture of a page in it; picking one applies it to every part. */
export function ColorSchemeGrid({ schemes }: { schemes: readonly ColorScheme[] }) {
  const t = useSettingsTexts();
  const names = useColorSchemeNames();
  const themes = useShellSettings((settings) => settings.themes);
  const everywhere = (id: string) => themes.main === id && themes.navbar === id && themes.toolbar === id && themes.footer === id;
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {t('schemesHint')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 1.5 }}>
        {schemes.map(({ id, palette }) => (
          <li key={id}>
            <ButtonBase
              aria-pressed={everywhere(id)}
              onClick={() => applySchemeEverywhere(id)}
              sx={{
                width: '100%',
                display: 'block',
                textAlign: 'start',
                borderRadius: 1.5,
                overflow: 'hidden',
                border: 2,
                borderColor: everywhere(id) ? 'primary.main' : 'divider',
                bgcolor: palette.background.default,
                color: schemeTextColour(palette),
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <Box aria-hidden sx={{ display: 'flex', height: 56 }}>
                <Box sx={{ width: '28%', bgcolor: palette.background.paper }} />
                <Box sx={{ flex: 1, p: 1, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
                  <Box sx={{ height: 10, borderRadius: 0.5, bgcolor: palette.background.paper }} />
                  <Box sx={{ display: 'flex', gap: 0.75 }}>
                    <Box sx={{ width: 28, height: 14, borderRadius: 0.5, bgcolor: palette.primary.main }} />
                    <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: palette.secondary.main }} />
                  </Box>
                </Box>
              </Box>
              <Box
                component="span"
                sx={{ display: 'block', px: 1, py: 0.75, fontSize: '0.8125rem', fontWeight: 600, bgcolor: palette.background.paper }}
              >
                {names(id as never)}
              </Box>
            </ButtonBase>
          </li>
        ))}
      </Box>
    </>
  );
}
