import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useOnDemand } from '@/shared/lib/use-on-demand';

// The popover (MUI Popover) loads at the first press, not with the page.
const fetchPopover = () => import('./toolbar-more-popover').then((module) => module.ToolbarMorePopover);

/**
 * The toolbar's More button (docs/portal-shell.md "The toolbar"): a popover with the tools the row
 * has no room for, and on a phone `phoneOnly` as well (the settings drawers' buttons).
 */
export function ToolbarMoreButton({ children, phoneOnly }: { children?: ReactNode; phoneOnly?: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [Popover, load] = useOnDemand(fetchPopover);
  const label = t('shell.more');
  return (
    <>
      {/* A native hint: MUI's Tooltip would bring Popper along. */}
      <IconButton
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? id : undefined}
        onClick={(event) => {
          const button = event.currentTarget;
          load(() => setAnchor(button));
        }}
      >
        <MoreVertIcon />
      </IconButton>
      {Popover && anchor && (
        <Popover id={id} label={label} anchor={anchor} onClose={() => setAnchor(null)} phoneOnly={phoneOnly}>
          {children}
        </Popover>
      )}
    </>
  );
}
