// The section of docs/benchmarks.md that holds the headline latencies of the player's real path: each
// benchmark in bench/latency writes its own subsection under this heading and intro.
import { writeSubsection } from '../lib/benchmarks-doc.mjs';

export const heading = "## Latency on the player's path (bench/latency)";

export const intro = `Headline figures: each starts where the player acts (a click in the portal page) and ends where they see
the result (the first frame on screen, \`requestVideoFrameCallback\`), through everything in between: the
portal page, the game socket or WHEP, the machine agent and its engine, the video process, the encoder, the
network and Chromium's decoder. Each run prints the same figures with a per-stage breakdown from the latency
trace (\`MACHINE_LATENCY_TRACE\`; docs/video.md "Latency trace" lists the agent's and video process's stages). Shortcut measures elsewhere in this
file (bench/video's \`POST /spin\` and createOffer → frame) are decompositions of these.
Goals on a 2-core machine, p50 / p95: spin click → moving reels ≤ 50 / 80 ms; Play click → picture ≤ 500 / 800 ms.`;

/** Writes `### {subheading}` with `body` into the section. */
export function writeLatencySubsection(subheading, body) {
  writeSubsection(heading, intro, subheading, body);
}
