import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditLog } from '../auth/audit.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { Bus } from '../bus/bus.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { MachinePlay } from '../machines/machine-play.ts';
import type { MachineRegistry } from '../machines/machine-registry.ts';
import type { PlayersService } from '../players/players-service.ts';
import type { PromotionsService } from '../promotions/promotions-service.ts';
import type { SettingsFile } from '../settings/settings-file.ts';
import type { Ledger } from '../wallet/ledger.ts';
import type { Clock } from '../auth/auth-service.ts';

/** Everything the routes and sockets use, built once in platform.ts. */
export interface Services {
  config: Config;
  database: Database;
  bus: Bus;
  ledger: Ledger;
  players: PlayersService;
  auth: AuthService;
  audit: AuditLog;
  machines: MachineRegistry;
  play: MachinePlay;
  promotions: PromotionsService;
  settings: SettingsFile;
  machineApiToken: string;
  clock: Clock;
}

/** A route module: registers its routes on the app with the zod type provider. */
export type RouteModule = (app: FastifyInstance, services: Services) => void;

export const zod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
