import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { useSettings } from '@/shared/config/settings';
import { useSession } from '@/shared/session/session-store';
import { BonusButton } from './bonus-button';
import { DiscountButton } from './discount-button';
import { WeeklyBonusButton } from './weekly-bonus-button';

/** The shell's promotion buttons, each shown when its Settings.json switch is on (SPEC §1, §9). */
export function PromotionButtons() {
  const { t } = useTranslation();
  const settings = useSettings();
  const signedIn = useSession((state) => state.status === 'authenticated');
  if (!signedIn || !(settings.autoDiscount || settings.autoBonus || settings.weeklyBonus)) return null;
  return (
    <Box component="nav" aria-label={t('promotions.label')} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {settings.autoDiscount && <DiscountButton />}
      {settings.autoBonus && <BonusButton />}
      {settings.weeklyBonus && <WeeklyBonusButton />}
    </Box>
  );
}
