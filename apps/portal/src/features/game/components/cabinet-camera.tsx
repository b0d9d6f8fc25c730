import { useEffect, useRef, useState } from 'react';
import { getAccessToken } from '@/shared/session/token-storage';
import { StreamVideo } from '@/shared/video/stream-video';
import { WhepClient } from '@/shared/video/whep-client';

type CameraWhep = Pick<WhepClient, 'start' | 'stop'>;

/**
 * SPEC §9 "webcam shown": the cabinet camera (docs/video.md "Cabinet camera"), a second, wider picture
 * of the whole cabinet, small in the bottom corner of the main picture, where no control sits. Asked
 * once the main picture plays (the seat is granted); a machine without one answers 404 and nothing shows.
 */
export function CabinetCamera({
  video,
  label,
  createWhep = () => new WhepClient(),
}: {
  /** The machine's WHEP endpoint. */
  video: string;
  label: string;
  createWhep?: () => CameraWhep;
}) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const create = useRef(createWhep);

  useEffect(() => {
    const whep = create.current();
    let stopped = false;
    const endpoint = new URL(video, window.location.href);
    endpoint.searchParams.set('camera', 'cabinet');
    whep.start(endpoint.href, getAccessToken(), '').then(
      (opened) => !stopped && setStream(opened),
      () => {}, // no camera on this machine, or none now: the main picture is what matters
    );
    return () => {
      stopped = true;
      setStream(null);
      void whep.stop();
    };
  }, [video]);

  if (!stream) return null;
  return (
    <StreamVideo
      stream={stream}
      label={label}
      testId="cabinet-camera"
      sx={{
        position: 'absolute',
        bottom: 8,
        insetInlineStart: 8,
        width: 'clamp(80px, 18%, 200px)',
        aspectRatio: '4 / 3',
        objectFit: 'cover',
        bgcolor: '#000',
        border: '1px solid rgba(255,255,255,0.35)',
        borderRadius: 1,
        boxShadow: 3,
      }}
    />
  );
}
