// `--help` for the benchmarks whose options are environment variables: the file's leading comment is
// their usage. Any other argument is refused, so that a mistyped flag never starts a run that rewrites
// docs/benchmarks.md.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Prints the benchmark's usage and exits on `--help` / `-h`; exits 2 on any other argument. */
export function answerHelp(moduleUrl, args = process.argv.slice(2)) {
  if (!args.length) return;
  const file = fileURLToPath(moduleUrl);
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines[0]?.startsWith('#!')) lines.shift();
  const end = lines.findIndex((line) => !line.startsWith('//'));
  const comment = lines
    .slice(0, end === -1 ? lines.length : end)
    .map((line) => line.replace(/^\/\/ ?/, ''))
    .join('\n');
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    console.log(comment);
    process.exit(0);
  }
  console.error(`${args.join(' ')}: this benchmark takes no arguments (options are environment variables)\n\n${comment}`);
  process.exit(2);
}
