import { memo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useConnectionTexts } from '@/shared/i18n/connection-texts';
import { useGameStore } from '../lib/game-store';

/** Over the video: 'Loading...' until joined, 'Connection Lost, please wait.' while the socket reconnects. */
export const ConnectionOverlay = memo(function ConnectionOverlay({ onLeave, videoError }: { onLeave: () => void; videoError: boolean }) {
  const { t } = useTranslation();
  const texts = useConnectionTexts();
  const loading = useGameStore((state) => state.isLoading);
  const lost = useGameStore((state) => state.statusConnection === 'reconnecting');

  if (!loading && !lost && !videoError) return null;
  if (!loading && !lost) {
    return (
      <Typography
        role="status"
        variant="body2"
        sx={{
          position: 'absolute',
          bottom: 8,
          insetInline: 8,
          zIndex: 1,
          p: 1,
          borderRadius: 1,
          bgcolor: 'rgba(0,0,0,0.6)',
          color: 'warning.light',
          textAlign: 'center',
        }}
      >
        {t('game.videoUnavailable')}
      </Typography>
    );
  }
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        bgcolor: 'rgba(0,0,0,0.65)',
        color: 'common.white',
        textAlign: 'center',
        p: 2,
      }}
    >
      <CircularProgress color="inherit" size={32} aria-hidden />
      <Typography variant="h6" component="p">
        {lost ? texts.connectionLost : t('common.loading')}
      </Typography>
      {lost && (
        <Button variant="outlined" color="inherit" onClick={onLeave}>
          {texts.returnToLobby}
        </Button>
      )}
    </Box>
  );
});
