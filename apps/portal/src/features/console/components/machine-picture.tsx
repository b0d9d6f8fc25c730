import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { gameIceServers } from '@/shared/video/get-ice-servers';
import { StreamVideo } from '@/shared/video/stream-video';
import { WhepClient } from '@/shared/video/whep-client';
import { getSettings } from '@/shared/config/settings';
import { getAccessToken } from '@/shared/session/token-storage';
import { useWatchTexts } from '../lib/watch-texts';

type PictureWhep = Pick<WhepClient, 'start' | 'stop'>;

/** The machine's WHEP URL as the console asks it: `?watch=staff`, which the agent decides with the platform, never with the seat. */
export function watchUrl(video: string): string {
  const url = new URL(video, window.location.href);
  url.searchParams.set('watch', 'staff');
  return url.href;
}

/**
 * A machine's live picture for the team (docs/console.md "Watch"), view-only: the staff token's WHEP
 * session on `band`, through the game's WHEP client (it opens the picture again when it stalls). The
 * seat, the money and the player's own stream are not touched: each band is coded once, whoever watches.
 */
export function MachinePicture({
  video,
  name,
  band,
  createWhep = () => new WhepClient({ iceServers: gameIceServers, iceTransportPolicy: getSettings().iceTransportPolicy }),
}: {
  video: string;
  name: string;
  band: string;
  createWhep?: () => PictureWhep;
}) {
  const t = useWatchTexts();
  const [stream, setStream] = useState<MediaStream | null>(null);
  // The picture (video and band) that could not be opened: another one starts without the failure.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const failed = failedFor === `${band} ${video}`;
  const create = useRef(createWhep);

  useEffect(() => {
    const whep = create.current();
    let stopped = false;
    whep.start(watchUrl(video), getAccessToken(), band).then(
      (opened) => !stopped && setStream(opened),
      () => !stopped && setFailedFor(`${band} ${video}`),
    );
    return () => {
      stopped = true;
      setStream(null);
      void whep.stop();
    };
  }, [video, band]);

  return (
    <Box sx={{ position: 'relative', width: '100%', aspectRatio: '16 / 9', bgcolor: '#000', borderRadius: 1, overflow: 'hidden' }}>
      <StreamVideo
        stream={stream}
        label={t('picture', { name })}
        testId="watch-video"
        sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
      />
      {!stream && (
        <Typography
          role="status"
          variant="body2"
          sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: '#fff' }}
        >
          {failed ? t('noPicture') : t('connecting')}
        </Typography>
      )}
    </Box>
  );
}
