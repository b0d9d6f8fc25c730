import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { layoutModes, type LayoutConfig, type LayoutStyle } from '@/shared/shell-settings/layout-config';
import { changeLayoutOption } from './change-settings';
import { ChoiceSetting, SwitchSetting } from './setting-controls';
import { useSettingsTexts } from './settings-texts';

const bars = ['toolbar', 'footer'] as const;

/** The chosen layout's own options (SHELL.md): mode where it offers more than one, scroll, navbar, toolbar, footer, side panels. */
export function LayoutOptions({ style, config }: { style: LayoutStyle; config: LayoutConfig }) {
  const t = useSettingsTexts();
  const modes = layoutModes[style];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {modes.length > 1 && (
        <ChoiceSetting
          label={t('mode')}
          value={config.mode}
          options={modes}
          nameOf={(mode) => t(`modes.${mode}`)}
          onChange={(mode) => changeLayoutOption('mode', mode)}
        />
      )}
      <ChoiceSetting
        label={t('scroll')}
        value={config.scroll}
        options={['body', 'content'] as const}
        nameOf={(scroll) => t(`scrolls.${scroll}`)}
        onChange={(scroll) => changeLayoutOption('scroll', scroll)}
      />
      <Divider />
      <SwitchSetting
        label={t('show.navbar')}
        checked={config.navbar.display}
        onChange={(display) => changeLayoutOption('navbar', { display })}
      />
      {style === 'layout1' && (
        <>
          <SwitchSetting
            label={t('folded')}
            checked={config.navbar.folded}
            onChange={(folded) => changeLayoutOption('navbar', { folded })}
          />
          <ChoiceSetting
            label={t('position.navbar')}
            value={config.navbar.position}
            options={['left', 'right'] as const}
            nameOf={(position) => t(`positions.${position}`)}
            onChange={(position) => changeLayoutOption('navbar', { position })}
          />
        </>
      )}
      {bars.map((bar) => (
        <Box key={bar} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Divider />
          <SwitchSetting
            label={t(`show.${bar}`)}
            checked={config[bar].display}
            onChange={(display) => changeLayoutOption(bar, { display })}
          />
          <ChoiceSetting
            label={t(`style.${bar}`)}
            value={config[bar].style}
            options={['fixed', 'static'] as const}
            nameOf={(barStyle) => t(`styles.${barStyle}`)}
            onChange={(barStyle) => changeLayoutOption(bar, { style: barStyle })}
          />
          <ChoiceSetting
            label={t(`position.${bar}`)}
            value={config[bar].position}
            options={['above', 'below'] as const}
            nameOf={(position) => t(`positions.${position}`)}
            onChange={(position) => changeLayoutOption(bar, { position })}
          />
        </Box>
      ))}
      <Divider />
      <SwitchSetting
        label={t('show.leftSidePanel')}
        checked={config.leftSidePanel.display}
        onChange={(display) => changeLayoutOption('leftSidePanel', { display })}
      />
      <SwitchSetting
        label={t('show.rightSidePanel')}
        checked={config.rightSidePanel.display}
        onChange={(display) => changeLayoutOption('rightSidePanel', { display })}
      />
    </Box>
  );
}
