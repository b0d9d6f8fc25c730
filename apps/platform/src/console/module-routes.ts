import type { AuditLog } from '../audit/index.ts';
import type { AuthService } from '../auth/index.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import type { RouteModule } from '../http/index.ts';
import { SlotSessionHistory, type MachineAgents, type MachinePlay, type MachineRegistry } from '../machines/index.ts';
import type { PlayersService } from '../players/index.ts';
import type { ProtectionService } from '../protection/index.ts';
import type { Clock } from '../shared/index.ts';
import { TransactionHistory, type Ledger } from '../wallet/index.ts';
import { auditRoutes } from './audit-routes.ts';
import { ConsoleActions } from './console-actions.ts';
import { consoleRoutes } from './console-routes.ts';
import type { Floor } from './floor.ts';
import { MoneyRequests } from './money-requests.ts';
import { moneyRoutes } from './money-routes.ts';
import { PlayerActions } from './player-actions.ts';
import { PlayerFile } from './player-file.ts';
import { playerRoutes } from './player-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { Reports } from './reports.ts';
import { handPayRoutes } from './hand-pay-routes.ts';
import { watchRoutes } from './watch-routes.ts';

export interface ConsoleDeps {
  auth: AuthService;
  machines: MachineRegistry;
  play: MachinePlay;
  agents: MachineAgents;
  players: PlayersService;
  floor: Floor;
  audit: AuditLog;
  clock: Clock;
  // Players, money and the audit log (docs/console.md "Players", "Money", "Audit log").
  ledger: Ledger;
  protection: ProtectionService;
  database: Pick<Database, 'db'>;
  config: Pick<Config, 'consoleApprovalAbove' | 'reportTimeZone'>;
  // Watching and hand pays (docs/console.md "Watch", "Hand pay").
  machineApiToken: string;
}

/** The operator's console (docs/console.md): the floor, watching and the actions on a machine, for staff and admins. */
export const registerConsole: RouteModule<ConsoleDeps> = (app, deps) => {
  const roleOf = async (id: number) => (await deps.players.byId(id))?.role;
  consoleRoutes(app, {
    auth: deps.auth,
    roleOf,
    floor: deps.floor,
    actions: new ConsoleActions(deps),
  });
  reportRoutes(app, {
    auth: deps.auth,
    roleOf,
    reports: new Reports({ db: deps.database.db, ledger: deps.ledger, clock: deps.clock, timeZone: deps.config.reportTimeZone }),
  });
  const file = new PlayerFile(deps);
  playerRoutes(app, {
    auth: deps.auth,
    roleOf,
    file,
    actions: new PlayerActions(deps),
    sessions: new SlotSessionHistory(deps.database.db),
    transactions: new TransactionHistory(deps.database.db),
  });
  moneyRoutes(app, {
    auth: deps.auth,
    roleOf,
    money: new MoneyRequests({ ...deps, db: deps.database.db, approvalAbove: deps.config.consoleApprovalAbove }),
  });
  auditRoutes(app, { auth: deps.auth, roleOf, audit: deps.audit, file });
  handPayRoutes(app, { ...deps, roleOf });
  watchRoutes(app, { ...deps, roleOf });
};
