import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useShellSettings } from '@/shared/shell-settings/shell-settings';
import { changeQuickSetting, quickSettingNames, type QuickSettingName } from '../lib/quick-settings';
import { useQuickPanelTexts } from '../lib/use-quick-panel-texts';

const hintOf = { notifications: 'notificationsHint', cloudSync: 'cloudSyncHint', retroThrusters: 'retroThrustersHint' } as const;

/** One labelled switch, with what it does as its description. */
function QuickSwitch({ name }: { name: QuickSettingName }) {
  const t = useQuickPanelTexts();
  const hintId = useId();
  const on = useShellSettings((settings) => settings.quickSettings[name]);
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(event) => changeQuickSetting(name, event.target.checked)}
            slotProps={{ input: { 'aria-describedby': hintId } }}
          />
        }
        label={t(name)}
        sx={{ m: 0, width: '100%', justifyContent: 'space-between', flexDirection: 'row-reverse' }}
      />
      <Typography id={hintId} variant="caption" component="p" color="text.secondary">
        {t(hintOf[name])}
      </Typography>
    </Box>
  );
}

/** SPEC §2 Quick Settings: Notifications, Cloud Sync and Retro Thrusters, saved with the player's settings. */
export function QuickSettings() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {quickSettingNames.map((name) => (
        <QuickSwitch key={name} name={name} />
      ))}
    </Box>
  );
}
