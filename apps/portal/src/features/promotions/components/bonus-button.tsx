import { useTranslation } from 'react-i18next';
import RedeemIcon from '@mui/icons-material/Redeem';
import { useClaimBonus } from '../api/claim-bonus';
import { usePromotionClaim } from '../lib/use-promotion-claim';
import { PromotionButton } from './promotion-button';

/** SPEC §5: blocked within the claim window. */
export function BonusButton() {
  const { t } = useTranslation();
  const { claim, pending } = usePromotionClaim('bonus', useClaimBonus());
  // SPEC §9 balance colours: bonus cyan.
  return <PromotionButton label={t('promotions.bonus')} icon={<RedeemIcon />} color="info" pending={pending} onClick={claim} />;
}
