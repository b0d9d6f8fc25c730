import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import DiscountIcon from '@mui/icons-material/Discount';
import RedeemIcon from '@mui/icons-material/Redeem';
import { useToolbarFold } from '@/shared/components/toolbar-fold';
import { useSettings } from '@/shared/config/settings';
import { useSession } from '@/shared/session/session-store';
import { ClaimButton } from './claim-button';
import { WeeklyBonusButton } from './weekly-bonus-button';

/** The shell's promotion buttons, each shown when its Settings.json switch is on (SPEC §1, §9). */
export function PromotionButtons() {
  const { t } = useTranslation();
  const settings = useSettings();
  const signedIn = useSession((state) => state.status === 'authenticated');
  const fold = useToolbarFold();
  if (!signedIn || !(settings.autoDiscount || settings.autoBonus || settings.weeklyBonus)) return null;
  return (
    <Box
      component="nav"
      aria-label={t('promotions.label')}
      sx={{ display: 'flex', alignItems: 'center', gap: fold === 'rows' ? 0.5 : 1, flexWrap: 'nowrap' }}
    >
      {/* SPEC §9 balance colours: discount yellow, bonus cyan. */}
      {settings.autoDiscount && <ClaimButton kind="discount" label={t('promotions.discount')} icon={<DiscountIcon />} color="warning" />}
      {settings.autoBonus && <ClaimButton kind="bonus" label={t('promotions.bonus')} icon={<RedeemIcon />} color="info" />}
      {settings.weeklyBonus && <WeeklyBonusButton />}
    </Box>
  );
}
