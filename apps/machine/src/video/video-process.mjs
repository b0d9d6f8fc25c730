// Entry of the video process (video-process.ts), forked by ProcessVideoTransport. TypeScript runs
// through tsx, as in the reelcast CLI.
import { register } from 'tsx/esm/api';

register();
await import('./video-process.ts');
