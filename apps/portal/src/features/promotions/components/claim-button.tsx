import type { ReactNode } from 'react';
import type { PromotionKind } from '@reelcast/protocol';
import { usePromotionClaim } from '../lib/use-promotion-claim';
import { PromotionButton } from './promotion-button';

/** A promotion claimed at the click (discount, bonus), unless a client check blocks it (SPEC §5). */
export function ClaimButton({
  kind,
  label,
  icon,
  color,
}: {
  kind: PromotionKind;
  label: string;
  icon: ReactNode;
  color: 'warning' | 'info';
}) {
  const { claim, pending } = usePromotionClaim(kind);
  return <PromotionButton label={label} icon={icon} color={color} pending={pending} onClick={claim} />;
}
