import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { useOnDemand } from '@/shared/lib/use-on-demand';

// The dialog, its Markdown and its data load on first use, not with the page.
const fetchDialog = () => import('./information-dialog').then((module) => module.InformationDialog);

/** SPEC §2 header: the optional information button (Settings.json `informationButton`) opening the Information dialog. */
export function InformationButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [Dialog, load] = useOnDemand(fetchDialog);
  return (
    <>
      <IconButton aria-label={t('information.open')} title={t('information.open')} onClick={() => load(() => setOpen(true))}>
        <InfoOutlinedIcon />
      </IconButton>
      {Dialog && <Dialog open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
