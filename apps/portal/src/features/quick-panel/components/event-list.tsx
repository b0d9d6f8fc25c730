import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { QuickPanelItem } from '@reelcast/protocol';
import { useQuickPanelTexts } from '../lib/use-quick-panel-texts';

/** The operator's events showing now, newest first; their text is shown as text (line breaks kept). */
export function EventList({ events }: { events: readonly QuickPanelItem[] }) {
  const t = useQuickPanelTexts();
  if (!events.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('noEvents')}
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {events.map((event) => (
        <Box component="li" key={event.id} sx={{ borderInlineStart: '3px solid', borderColor: 'primary.main', paddingInlineStart: 1.5 }}>
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {event.title}
          </Typography>
          {event.detail && (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {event.detail}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
