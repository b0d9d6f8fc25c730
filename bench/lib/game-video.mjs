// A page script for the benches that watch the game page's video (addInitScript, before the page's own).

/**
 * Defines `window.__followGameVideo(onFrame)`: calls `onFrame(video, now, metadata)` for every frame the
 * game page's video (`data-testid="game-video"`) presents (requestVideoFrameCallback), following the
 * element when the page replaces it.
 */
export function defineFollowGameVideo() {
  window.__followGameVideo = (onFrame) => {
    let video = null;
    const next = (now, meta) => {
      onFrame(video, now, meta);
      video.requestVideoFrameCallback(next);
    };
    new MutationObserver(() => {
      const found = document.querySelector('video[data-testid="game-video"]');
      if (!found || found === video) return;
      video = found;
      video.requestVideoFrameCallback(next);
    }).observe(document, { childList: true, subtree: true });
  };
}
