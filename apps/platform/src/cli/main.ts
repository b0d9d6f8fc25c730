import { processIo } from './io.ts';
import { runCli } from './run.ts';

// A failed command exits at once (nothing it opened keeps the process up); a server keeps running.
const code = await runCli(process.argv.slice(2), processIo);
if (code !== 0) process.exit(code);
