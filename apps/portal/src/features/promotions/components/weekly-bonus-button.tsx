import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import { useOnDemand } from '@/shared/lib/use-on-demand';
import { claimInFlight } from '../api/claim-promotion';
import { usePromotionClaim } from '../lib/use-promotion-claim';
import { PromotionButton } from './promotion-button';

const fetchWarningDialog = () => import('./weekly-bonus-warning-dialog').then((module) => module.WeeklyBonusWarningDialog);

/** 'Haftalik Bonus' (SPEC §4): the warning dialog first; confirming closes it and sends the claim. */
export function WeeklyBonusButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [warning, setWarning] = useState(false);
  const [WarningDialog, loadWarningDialog] = useOnDemand(fetchWarningDialog);
  const { claim, pending } = usePromotionClaim('weekly');
  const open = () => {
    if (claimInFlight(queryClient)) return;
    loadWarningDialog(() => setWarning(true));
  };
  const confirm = () => {
    setWarning(false);
    claim();
  };
  return (
    <>
      <PromotionButton label={t('promotions.weeklyBonus')} icon={<CardGiftcardIcon />} color="secondary" pending={pending} onClick={open} />
      {WarningDialog && <WarningDialog open={warning} onConfirm={confirm} onClose={() => setWarning(false)} />}
    </>
  );
}
