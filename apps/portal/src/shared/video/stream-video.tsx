import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useVideoStream } from './use-video-stream';

/** A muted, inline `<video>` that plays `stream` (a WHEP picture): the cabinet camera's and the console's. */
export function StreamVideo({
  stream,
  label,
  testId,
  sx,
}: {
  stream: MediaStream | null;
  label: string;
  testId: string;
  sx: SxProps<Theme>;
}) {
  const ref = useVideoStream(stream);
  return <Box component="video" ref={ref} autoPlay playsInline muted aria-label={label} data-testid={testId} sx={sx} />;
}
