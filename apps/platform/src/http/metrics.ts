import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ErrorCode } from '@reelcast/protocol';
import { serviceTokenMatches } from '@reelcast/protocol/server';
import { ApiError } from './api-error.ts';

/** Ledger action codes as the `action` label says them (SPEC §3 1–6, promotions 7–9, internal 10–11). */
const actionLabels: Record<number, string> = {
  1: 'deposit',
  2: 'withdraw',
  3: 'cash_in',
  4: 'cash_out',
  5: 'hand_pay',
  6: 'jackpot',
  7: 'discount',
  8: 'bonus',
  9: 'weekly_bonus',
  10: 'jackpot_contribution',
  11: 'jackpot_seed',
};

export interface MetricsSources {
  /** METRICS_TOKEN: the Bearer token a scrape must send; without it /metrics is not served. */
  token: string | undefined;
  /** Each transfer this instance posts (Ledger.onPosted). */
  ledger: { onPosted(listener: (result: { action: number; amount: number }) => void): () => void };
  /** How many seats are open now, on every instance (the open slot sessions). */
  openSeats: () => Promise<number>;
}

/** What the notification socket tells the metrics (docs/operations.md). */
export interface SocketWatch {
  /** Sockets connected to this instance now, by namespace. */
  sockets: () => Record<string, number>;
}

/**
 * This instance's Prometheus metrics (docs/operations.md "Metrics"): a registry of its own, so every
 * platform instance (and every test platform in one process) counts only what it did. GET /metrics
 * answers them to a scrape with METRICS_TOKEN as its Bearer token (401 without it); without the
 * setting the route does not exist.
 */
export class PlatformMetrics {
  readonly registry = new Registry();
  readonly #moves: Counter<'action'>;
  readonly #moved: Counter<'action'>;
  readonly #refusals: Counter<'code' | 'status'>;
  readonly #push: Histogram<'event'>;
  #sockets: SocketWatch | undefined;

  constructor(sources: Pick<MetricsSources, 'openSeats'>) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.#moves = new Counter({
      name: 'reelcast_money_movements_total',
      help: 'Ledger transfers this instance posted, by action (a machine cash-in is two: the reserve, then the post or void)',
      labelNames: ['action'],
      registers,
    });
    this.#moved = new Counter({
      name: 'reelcast_money_moved_minor_total',
      help: 'Minor units those transfers moved, by action',
      labelNames: ['action'],
      registers,
    });
    this.#refusals = new Counter({
      name: 'reelcast_refusals_total',
      help: 'HTTP answers of 400 and above this instance gave, by SPEC §8 code and status',
      labelNames: ['code', 'status'],
      registers,
    });
    this.#push = new Histogram({
      name: 'reelcast_push_seconds',
      help: "From a bus message reaching this instance to its push handed to this instance's sockets, by event",
      labelNames: ['event'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    const watch = () => this.#sockets;
    new Gauge({
      name: 'reelcast_sockets',
      help: 'Notification and jackpot sockets connected to this instance, by namespace',
      labelNames: ['namespace'],
      registers,
      collect() {
        this.reset();
        for (const [namespace, count] of Object.entries(watch()?.sockets() ?? {})) this.set({ namespace }, count);
      },
    });
    new Gauge({
      name: 'reelcast_seats',
      help: 'Seats open now (slot sessions), on all instances together: the same figure on each',
      registers,
      async collect() {
        this.set(await sources.openSeats());
      },
    });
  }

  moneyMoved(action: number, amount: number): void {
    const label = { action: actionLabels[action] ?? String(action) };
    this.#moves.inc(label);
    this.#moved.inc(label, amount);
  }

  refused(status: number, code: number | undefined): void {
    this.#refusals.inc({ status: String(status), code: code === undefined ? 'none' : String(code) });
  }

  /** A push handed to the sockets; `since` is performance.now() when its bus message came. */
  pushed(event: string, since: number): void {
    this.#push.observe({ event }, (performance.now() - since) / 1000);
  }

  watchSockets(watch: SocketWatch): void {
    this.#sockets = watch;
  }
}

/** Counts the movements and refusals of `app`, and serves GET /metrics when a token is set. */
export function installMetrics(app: FastifyInstance, sources: MetricsSources): PlatformMetrics {
  const metrics = new PlatformMetrics(sources);
  const unsubscribe = sources.ledger.onPosted((result) => metrics.moneyMoved(result.action, result.amount));
  app.addHook('onClose', (_instance, done) => {
    unsubscribe();
    done();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400) metrics.refused(reply.statusCode, codeOf(payload));
    return payload;
  });
  const { token } = sources;
  if (token) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!serviceTokenMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw new ApiError(401, ErrorCode.SignatureNotVerified);
      }
      const text = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    });
  }
  return metrics;
}

/** The SPEC §8 code of an error answer's JSON, if it has one. */
function codeOf(payload: unknown): number | undefined {
  if (typeof payload !== 'string' || payload.length > 64 * 1024) return undefined;
  const match = /^\s*\{[^]*?"code"\s*:\s*(\d{1,6})\b/.exec(payload);
  return match ? Number(match[1]) : undefined;
}
