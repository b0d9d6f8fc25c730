import type { FastifyInstance } from 'fastify';
import { registerAccount } from '../account/index.ts';
import { registerAuth } from '../auth/index.ts';
import { registerChat } from '../chat/index.ts';
import { registerConsole } from '../console/index.ts';
import { registerDocumentation } from '../documentation/index.ts';
import { registerHistory } from '../history/index.ts';
import type { RateLimits } from '../http/index.ts';
import { registerIpCheck } from '../ip-check/index.ts';
import { registerJackpots } from '../jackpots/index.ts';
import { registerMachines } from '../machines/index.ts';
import { registerPromotions } from '../promotions/index.ts';
import { registerProtection } from '../protection/index.ts';
import { registerQuickPanel } from '../quick-panel/index.ts';
import { registerRules } from '../rules/index.ts';
import { registerSelfService } from '../self-service/index.ts';
import { registerSettings } from '../settings/index.ts';
import type { Services } from '../services.ts';
import { registerIce } from '../video/index.ts';
import { registerWallet } from '../wallet/index.ts';

/**
 * Every module's routes: the one place that knows them all. Each module's `register` names the
 * services it uses in its own type; it is handed them here and nothing of the others.
 */
export function registerModules(app: FastifyInstance, context: Services & { limits: RateLimits }): void {
  registerAuth(app, context);
  registerWallet(app, context);
  registerMachines(app, context);
  registerJackpots(app, context);
  registerHistory(app, context);
  registerAccount(app, context);
  registerRules(app, context);
  registerPromotions(app, context);
  registerProtection(app, context);
  registerQuickPanel(app, context);
  registerChat(app, context);
  registerIpCheck(app, context);
  registerDocumentation(app, context);
  registerSelfService(app, context);
  registerIce(app, context);
  registerSettings(app, context);
  registerConsole(app, context);
}
