import { processIo, runCli } from '@reelcast/platform/cli';
import { machineCommands } from './machine-commands.ts';

// A failed command exits at once (nothing it opened keeps the process up); a server keeps running.
const code = await runCli(process.argv.slice(2), processIo, machineCommands);
if (code !== 0) process.exit(code);
