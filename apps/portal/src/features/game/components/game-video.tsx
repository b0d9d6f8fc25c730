import { memo, useEffect } from 'react';
import Box from '@mui/material/Box';
import { useGameStore } from '../lib/game-store';
import { useVideoStream } from '@/shared/video/use-video-stream';

/** The machine's live picture, filling its area; muted until the player turns the sound on. */
export const GameVideo = memo(function GameVideo({ stream, label }: { stream: MediaStream | null; label: string }) {
  const ref = useVideoStream(stream);
  const volume = useGameStore((state) => state.volume);
  const muted = useGameStore((state) => state.muted);
  const cut = useGameStore((state) => state.cutSreeen);

  useEffect(() => {
    if (ref.current) ref.current.volume = volume;
  }, [ref, volume]);

  return (
    <Box
      component="video"
      ref={ref}
      autoPlay
      playsInline
      muted={muted}
      aria-label={label}
      data-testid="game-video"
      sx={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        objectFit: cut ? 'cover' : 'contain',
        bgcolor: '#000',
        display: 'block',
      }}
    />
  );
});
