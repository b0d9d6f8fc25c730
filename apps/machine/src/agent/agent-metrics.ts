import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { serviceTokenMatches } from '@reelcast/protocol/server';

/** What the agent's metrics read when scraped. */
export interface AgentMetricsSources {
  /** METRICS_TOKEN: the Bearer token a scrape must send; without it /metrics is not served. */
  token: string | undefined;
  /** WHEP video sessions open on this agent now. */
  videoSessions: () => number;
}

/**
 * The machine agent's Prometheus metrics (docs/operations.md "Metrics"): its open video sessions and
 * game socket connections, and prom-client's process figures, in a registry of its own. GET /metrics
 * answers them to a scrape with METRICS_TOKEN as its Bearer token (401 without it); without the
 * setting the route does not exist. `gameSockets` is set once the game socket server is attached.
 */
export function installAgentMetrics(app: FastifyInstance, sources: AgentMetricsSources): { gameSockets?: () => number } {
  const watch: { gameSockets?: () => number } = {};
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  new Gauge({
    name: 'reelcast_video_sessions',
    help: 'WHEP video sessions open on this machine agent (players and watchers)',
    registers,
    collect() {
      this.set(sources.videoSessions());
    },
  });
  new Gauge({
    name: 'reelcast_game_sockets',
    help: 'Game socket connections to this machine agent',
    registers,
    collect() {
      this.set(watch.gameSockets?.() ?? 0);
    },
  });
  const { token } = sources;
  if (token) {
    app.get('/metrics', async (request, reply) => {
      if (!serviceTokenMatches(request.headers.authorization, token))
        return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('A scrape needs the metrics token.');
      return reply
        .header('cache-control', 'no-store')
        .type(registry.contentType)
        .send(await registry.metrics());
    });
  }
  return watch;
}
