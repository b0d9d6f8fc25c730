import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../scripts/lib/free-port.mjs';

export type TurnServer = {
  readonly port: number;
  /** What coturn has printed so far (for a failure's message). */
  log(): string;
  stop(): void;
};

/**
 * Debian's coturn (`turnserver`, `apt-get install coturn`) as docs/video.md "TURN" configures it:
 * `use-auth-secret` with this secret, listening and relaying on `address`, relay ports in `relayPorts`
 * (tests running at once need ranges of their own). Resolves once coturn reports its listeners.
 */
export async function startTurnServer({
  address,
  secret,
  relayPorts: [minPort, maxPort],
  verbose = false,
}: {
  address: string;
  secret: string;
  relayPorts: [number, number];
  verbose?: boolean;
}): Promise<TurnServer> {
  const port = await freePort();
  const turn: ChildProcess = spawn(
    'turnserver',
    [
      '-n',
      `--listening-port=${port}`,
      `--listening-ip=${address}`,
      `--relay-ip=${address}`,
      `--min-port=${minPort}`,
      `--max-port=${maxPort}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=reelcast.test',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--allow-loopback-peers',
      '--fingerprint',
      '--log-file=stdout',
      '--simple-log',
      ...(verbose ? ['--verbose'] : []),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    turn.once('error', (error) => reject(new Error(`coturn's turnserver could not start (apt-get install coturn): ${error.message}`)));
    turn.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (/Total (UDP|General) servers|IPv4. (UDP|TCP) listener opened/.test(printed)) resolve();
    });
    setTimeout(() => reject(new Error(`turnserver did not report its listeners:\n${printed.slice(-2000)}`)), 15_000);
  }).catch((error: unknown) => {
    turn.kill();
    throw error;
  });
  return { port, log: () => printed, stop: () => void turn.kill() };
}
