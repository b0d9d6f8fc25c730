import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { layoutStyles } from '@reelcast/protocol';
import { isRtl } from '@/shared/i18n/languages';
import { changeLayoutStyle, useShellSettings } from '@/shared/shell-settings/shell-settings';
import type { ColorScheme } from '@/shared/theme/scheme-palettes';
import { changeSetting } from './change-settings';
import { LayoutOptions } from './layout-options';
import { SchemeSelect } from './scheme-select';
import { ChoiceSetting, SwitchSetting } from './setting-controls';
import { useSettingsTexts } from './settings-texts';

const parts = ['main', 'navbar', 'toolbar', 'footer'] as const;

/** Theme Settings (SPEC §2, SHELL.md): layout style and its options, each part's scheme, scrollbars, animations, direction. */
export function ThemeSettings({ schemes }: { schemes: readonly ColorScheme[] }) {
  const t = useSettingsTexts();
  const { i18n } = useTranslation();
  const settings = useShellSettings((current) => current);
  const languageDirection = isRtl(i18n.language) ? 'RTL' : 'LTR';
  return (
    <>
      <ChoiceSetting
        label={t('layoutStyle')}
        value={settings.layout.style}
        options={layoutStyles}
        nameOf={(style) => t(`layouts.${style}`)}
        onChange={changeLayoutStyle}
      />
      <Section title={t('layoutOptions')}>
        <LayoutOptions style={settings.layout.style} config={settings.layout.config} />
        <Typography variant="caption" color="text.secondary">
          {t('note')}
        </Typography>
      </Section>
      <Section title={t('themes')}>
        {parts.map((part) => (
          <SchemeSelect key={part} part={part} value={settings.themes[part]} schemes={schemes} />
        ))}
      </Section>
      <Divider />
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        <SwitchSetting
          label={t('customScrollbars')}
          checked={settings.customScrollbars}
          onChange={(on) => changeSetting('customScrollbars', on)}
        />
        <SwitchSetting label={t('animations')} checked={settings.animations} onChange={(on) => changeSetting('animations', on)} />
      </Box>
      <ChoiceSetting
        label={t('direction')}
        value={settings.direction}
        options={['auto', 'ltr', 'rtl'] as const}
        nameOf={(direction) => t(`directions.${direction}`, { direction: languageDirection })}
        onChange={(direction) => changeSetting('direction', direction)}
      />
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Divider />
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
