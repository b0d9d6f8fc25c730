import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { AuditLog } from '../auth/audit.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { Revocations } from '../auth/revocations.ts';
import type { Bus } from '../bus/bus.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { MachineAgents } from '../machines/machine-agents.ts';
import type { MachinePlay } from '../machines/machine-play.ts';
import type { MachineRegistry } from '../machines/machine-registry.ts';
import type { PlayersService } from '../players/players-service.ts';
import type { PromotionsService } from '../promotions/promotions-service.ts';
import type { SettingsFile } from '../settings/settings-file.ts';
import type { Ledger } from '../wallet/ledger.ts';
import type { Clock } from '../auth/auth-service.ts';
import type { RateLimits } from './rate-limits.ts';

/** Everything the routes and sockets use, built once in platform.ts. */
export interface Services {
  config: Config;
  database: Database;
  bus: Bus;
  ledger: Ledger;
  players: PlayersService;
  auth: AuthService;
  audit: AuditLog;
  attempts: AttemptLimiter;
  machines: MachineRegistry;
  /** The platform → agent command channel. */
  agents: MachineAgents;
  /** Ends sign-in sessions everywhere: notification sockets, game sockets, video. */
  revocations: Revocations;
  play: MachinePlay;
  promotions: PromotionsService;
  settings: SettingsFile;
  machineApiToken: string;
  clock: Clock;
}

/** What routes get: the services, and the rate limits they may apply (docs/security.md). */
export type RouteContext = Services & { limits: RateLimits };

/** A route module: registers its routes on the app with the zod type provider. */
export type RouteModule = (app: FastifyInstance, context: RouteContext) => void;

export const zod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
