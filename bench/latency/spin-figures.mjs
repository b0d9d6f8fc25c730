// Where bench/latency/spin.mjs keeps a run's figures (in the temporary folder, by the run's label), for its
// own --compare and for bench/latency/spin-launches.mjs, which runs it again and again.
import os from 'node:os';
import path from 'node:path';

/** The figures file of the spin.mjs run labelled `label` (`LABEL (path)` with --label, else the video path). */
export const spinFiguresFile = (label) => path.join(os.tmpdir(), `reelcast-bench-spin-${label.replace(/[^\w-]+/g, '_')}.json`);
