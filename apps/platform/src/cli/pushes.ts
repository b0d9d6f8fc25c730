import { pino, type Logger } from 'pino';
import type { Config } from '../config.ts';
import { withServices } from '../platform.ts';
import type { Services } from '../services.ts';
import { PushRelay, relayWarning } from '../bus/index.ts';

/**
 * Runs a CLI command's `work` on the services and tells the running platform instances what it changed,
 * as the platform itself would: what the work publishes on the bus (a balance after a deposit, the ended
 * sessions of a ban, …) goes to Redis once the work is done (REDIS_URL, on the REDIS_PREFIX channels).
 *
 * - PostgreSQL without REDIS_URL, or Redis unreachable: the work is done all the same, and a `warn`ing
 *   says that running instances were not told. Nothing waits for Redis more than a few seconds.
 * - The embedded database (PGlite): nothing to tell. The CLI holds the data folder's lock, so no platform
 *   runs on it meanwhile; pages read the change when it starts again.
 */
export async function withPushes<T>(
  config: Config,
  warn: (message: string) => void,
  work: (services: Services) => T | Promise<T>,
): Promise<T> {
  // What the services report going wrong meanwhile (an agent that could not be told of a ban) is a warning.
  const options = { log: warningLog(warn) };
  if (!config.databaseUrl) return withServices(config, work, options);
  // The command's own bus stays in this process (no subscriber connection to Redis): the relay sends.
  const { redisUrl, ...rest } = config;
  let relay: PushRelay | undefined;
  try {
    return await withServices(
      rest,
      (services) => {
        relay = new PushRelay(services.bus, { url: redisUrl, prefix: config.redisPrefix });
        return work(services);
      },
      options,
    );
  } finally {
    const warning = relay ? relayWarning(await relay.flush()) : null;
    if (warning) warn(warning);
  }
}

/** A logger whose warnings and errors are `warn` lines (their message only): the CLI's stderr. */
function warningLog(warn: (message: string) => void): Logger {
  return pino(
    { level: 'warn' },
    {
      write: (line: string) => {
        const { msg } = JSON.parse(line) as { msg?: unknown };
        warn(typeof msg === 'string' ? msg : line);
      },
    },
  );
}
