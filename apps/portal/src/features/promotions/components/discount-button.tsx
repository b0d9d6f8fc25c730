import { useTranslation } from 'react-i18next';
import DiscountIcon from '@mui/icons-material/Discount';
import { useClaimDiscount } from '../api/claim-discount';
import { usePromotionClaim } from '../lib/use-promotion-claim';
import { PromotionButton } from './promotion-button';

/** SPEC §5: blocked while the balance is at least the minimum (balance check on) and within the claim window. */
export function DiscountButton() {
  const { t } = useTranslation();
  const { claim, pending } = usePromotionClaim('discount', useClaimDiscount());
  // SPEC §9 balance colours: discount yellow.
  return <PromotionButton label={t('promotions.discount')} icon={<DiscountIcon />} color="warning" pending={pending} onClick={claim} />;
}
