import type { AuditLog } from './audit/index.ts';
import type { AttemptLimiter, AuthService, Revocations } from './auth/index.ts';
import type { Bus } from './bus/index.ts';
import type { ChatService } from './chat/index.ts';
import type { Config } from './config.ts';
import type { Floor } from './console/index.ts';
import type { Database } from './db/index.ts';
import type { IpCheck } from './ip-check/index.ts';
import type { Jackpots } from './jackpots/index.ts';
import type { MachineAgents, MachinePlay, MachineRegistry } from './machines/index.ts';
import type { PushLog } from './notifications/index.ts';
import type { PlayersService } from './players/index.ts';
import type { PromotionsService } from './promotions/index.ts';
import type { ProtectionService } from './protection/index.ts';
import type { QuickPanelService } from './quick-panel/index.ts';
import type { SelfService } from './self-service/index.ts';
import type { SettingsFile } from './settings/index.ts';
import type { Ledger } from './wallet/index.ts';
import type { Clock } from './shared/index.ts';

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
  /** Limits, reality checks, time-outs and self-exclusion (docs/player-protection.md). */
  protection: ProtectionService;
  /** Linked brand jackpots (docs/jackpots.md). */
  jackpots: Jackpots;
  quickPanel: QuickPanelService;
  settings: SettingsFile;
  /** The IP / country check (docs/ip-check.md). */
  ipCheck: IpCheck;
  /** Team chat and presence (docs/chat.md). */
  chat: ChatService;
  /** Registration and password reset by mail (docs/self-service.md). */
  selfService: SelfService;
  /** The operator's console's view of the machines (docs/console.md). */
  floor: Floor;
  /** The pushes a notification socket that connects after its sign-in is sent again (docs/api.md). */
  pushLog: PushLog;
  machineApiToken: string;
  clock: Clock;
}
