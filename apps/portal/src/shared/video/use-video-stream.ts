import { useEffect, useRef } from 'react';

/** A `<video>` ref that plays `stream` (none: shows nothing), set again whenever the stream changes. */
export function useVideoStream(stream: MediaStream | null) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (video.srcObject !== stream) video.srcObject = stream;
    if (stream) void video.play?.()?.catch(() => {});
  }, [stream]);
  return ref;
}
