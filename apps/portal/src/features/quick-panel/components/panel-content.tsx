import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { useQuickPanelData } from '../api/get-quick-panel-data';
import { useQuickPanelTexts } from '../lib/use-quick-panel-texts';
import { EventList } from './event-list';
import { NoteList } from './note-list';
import { PanelSection } from './panel-section';
import { QuickSettings } from './quick-settings';
import { TodayCard } from './today-card';

/** The panel's sections, from GET /api/quick-panel/data for Events and Notes. */
export function PanelContent() {
  const t = useQuickPanelTexts();
  const data = useQuickPanelData();
  return (
    <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: 2, display: 'flex', flexDirection: 'column', gap: 3 }}>
      <TodayCard />
      {data.isPending && <LinearProgress aria-label={t('title')} />}
      {data.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void data.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      )}
      {data.data && (
        <>
          <PanelSection title={t('events')}>
            <EventList events={data.data.events} />
          </PanelSection>
          <PanelSection title={t('notes')}>
            <NoteList notes={data.data.notes} />
          </PanelSection>
        </>
      )}
      <PanelSection title={t('quickSettings')}>
        <QuickSettings />
      </PanelSection>
    </Box>
  );
}
