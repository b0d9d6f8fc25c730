import { InvalidArgumentError, type Command } from 'commander';
import { pinText } from '@reelcast/protocol';
import type { Services } from '../services.ts';
import { printLine, type CliIo } from './io.ts';

type WithServices = <T>(work: (services: Services) => T | Promise<T>) => Promise<T>;

const PIN_RULE = 'a PIN is 4 to 8 digits';

/** `--pin <pin>` and `set-pin`'s argument: 4 to 8 digits (SPEC §4 idle lock). */
export function pinArgument(value: string): string {
  if (!pinText.safeParse(value).success) throw new InvalidArgumentError(PIN_RULE);
  return value;
}

/**
 * Lines typed on the terminal without echo: raw mode from before the first prompt to after the last
 * answer, so the PIN never appears on screen or in a terminal's scrollback. Backspace deletes, Ctrl+C
 * or Ctrl+D cancels.
 */
async function readHidden(prompts: string[], input: CliIo['stdin'], output: CliIo['stderr']): Promise<string[]> {
  input.setRawMode?.(true);
  input.setEncoding('utf8');
  const lines: string[] = [];
  try {
    for (const prompt of prompts) {
      output.write(prompt);
      lines.push(await hiddenLine(input));
      output.write('\n');
    }
    return lines;
  } finally {
    input.setRawMode?.(false);
    input.pause();
  }
}

function hiddenLine(input: CliIo['stdin']): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish(() => resolve(text));
        if (char === '\u0003' || char === '\u0004') return finish(() => reject(new Error('cancelled: the PIN was not changed')));
        if (char === '\u007f' || char === '\b') text = text.slice(0, -1);
        else if (char >= ' ') text += char;
      }
    };
    const finish = (settle: () => void) => {
      input.off('data', onData);
      settle();
    };
    input.on('data', onData);
    input.resume();
  });
}

/** The first line of standard input when it is a pipe (`echo 1234 | reelcast player set-pin demo`). */
async function readFirstLine(input: CliIo['stdin']): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0]!;
}

/** The PIN asked twice on a terminal, or read from a pipe. */
async function askPin({ stdin, stderr }: CliIo): Promise<string> {
  if (!stdin.isTTY) return readFirstLine(stdin);
  const [pin, again] = await readHidden(['New PIN (4 to 8 digits, not shown): ', 'The same PIN again: '], stdin, stderr);
  if (again !== pin) throw new InvalidArgumentError('the two PINs differ');
  return pin!;
}

/** `reelcast player set-pin <login> [pin] [--clear]`: the idle lock's PIN (docs/pin-lock.md). */
export function registerPinCommands(player: Command, io: CliIo, withServices: WithServices): void {
  const print = (line: string) => printLine(io, line);
  player
    .command('set-pin <login> [pin]')
    .summary("set or remove a player's idle-lock PIN (stored hashed, shown nowhere)")
    .description(
      "set a player's idle-lock PIN, 4 to 8 digits (docs/pin-lock.md): left out, it is asked without echo " +
        '(or read from a pipe); only a salted hash of it is stored, and it is shown nowhere',
    )
    .option('--clear', 'remove the PIN instead: the player has no idle lock')
    .action(async (login: string, given: string | undefined, opts: { clear?: boolean }, command: Command) => {
      if (opts.clear && given !== undefined) command.error('error: give a PIN or --clear, not both');
      let pin: string | null = null;
      if (!opts.clear) {
        try {
          pin = pinArgument(given ?? (await askPin(io)));
        } catch (error) {
          command.error(`error: ${(error as Error).message}`);
        }
      }
      await withServices(async (s) => {
        const changed = await s.players.setPin(login, pin);
        print(
          pin === null
            ? `Removed the PIN of ${changed.username}: no idle lock for them.`
            : `Set the PIN of ${changed.username} (only its salted hash is stored).`,
        );
      });
    });
}
