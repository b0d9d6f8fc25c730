#!/usr/bin/env node
/**
 * The README's test command (`npm test`), in phases (why: docs/testing.md "Side by side"):
 *   1. the portal's build beside the unit tests (the build is done before anything of the second phase
 *      needs it: two builds at once would write the same folder);
 *   2. the end-to-end tests beside each `--beside-e2e` command (none unless asked);
 *   3. each `--after-e2e` command, side by side, once the end-to-end tests have passed.
 * The lint (type check, ESLint, Prettier, …) runs from the start to its end across the phases at the
 * lowest priority (`nice -n 19`): it takes only the CPU the tests leave idle (the journeys wait on pages,
 * sockets and video far more than they compute), and its result counts with the last phase's.
 * The unit and end-to-end tests print as they run; the others print whole when their phase ends (the
 * lint with the last). A failed phase stops the run, and the lint with it.
 *
 *   npm test [-- [--times FILE] [--beside-e2e "name|command" ...] [--after-e2e "name|command" ...]]
 *
 * --times FILE         append each command's seconds, name and exit code to FILE
 * --beside-e2e "n|c"   run command c (named n, with `bash -c`) beside the end-to-end tests
 * --after-e2e "n|c"    run command c after the end-to-end tests, beside the other --after-e2e ones
 *
 * Exits 0 when everything passed, 1 when anything failed, 2 on bad arguments.
 */
import { parseArgs } from 'node:util';
import { finishCommands, sideBySide, startCommands, stopCommands } from './lib/side-by-side.mjs';

function usage(problem) {
  console.error(
    `run-tests: ${problem}\nusage: npm test [-- [--times FILE] [--beside-e2e "name|command" ...] [--after-e2e "name|command" ...]]`,
  );
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      times: { type: 'string' },
      'beside-e2e': { type: 'string', multiple: true, default: [] },
      'after-e2e': { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean' },
    },
  }));
} catch (error) {
  usage(error.message);
}
if (values.help) {
  console.log(
    'usage: npm test [-- [--times FILE] [--beside-e2e "name|command" ...] [--after-e2e "name|command" ...]]  (scripts/run-tests.mjs)',
  );
  process.exit(0);
}
/** `--{option} "name|command"` arguments as commands. */
const commands = (option) =>
  values[option].map((arg) => {
    const split = arg.indexOf('|');
    if (split < 1) usage(`--${option} wants "name|command", got "${arg}"`);
    return { name: arg.slice(0, split), command: arg.slice(split + 1) };
  });
const beside = commands('beside-e2e');
const after = commands('after-e2e');
const timesFile = values.times ?? null;

const phase = (title) => console.log(`\n=== npm test: ${title} ===`);
const lint = startCommands([{ name: 'lint (lowest priority, across the phases)', command: 'nice -n 19 npm run lint --silent' }]);
/** A failed phase ends the run: the lint is stopped, not waited for. */
const failed = () => {
  stopCommands(lint);
  process.exit(1);
};

phase('portal build beside the unit tests (the lint runs from here to the end, at the lowest priority)');
const checked = await sideBySide(
  [
    { name: 'portal build', command: 'npm run build:portal --silent' },
    { name: 'unit tests', command: 'npm run test:unit --silent', live: true },
  ],
  { timesFile },
);
if (!checked) failed();

phase(beside.length ? `end-to-end tests beside ${beside.map(({ name }) => name).join(', ')}` : 'end-to-end tests');
const journeys = await sideBySide([{ name: 'end-to-end tests', command: 'npm run test:e2e --silent', live: true }, ...beside], {
  timesFile,
});
if (!journeys) failed();

phase(after.length ? `after the end-to-end tests: ${after.map(({ name }) => name).join(', ')}, and the lint's end` : "the lint's end");
process.exit((await finishCommands([...lint, ...startCommands(after)], { timesFile })) ? 0 : 1);
