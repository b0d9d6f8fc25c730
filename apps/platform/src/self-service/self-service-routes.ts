import {
  authRoleLists,
  checkYourMailAnswer,
  ErrorCode,
  errorAnswer,
  forgotPasswordRequest,
  registerConfirmAnswer,
  registerConfirmRequest,
  registerRequest,
  registrationState,
  resetPasswordAnswer,
  resetPasswordRequest,
  resetTokenCheckAnswer,
  resetTokenCheckQuery,
  roleExampleAnswer,
  roleExampleParams,
  type PlayerRole,
} from '@reelcast/protocol';
import {
  ApiError,
  playerOf,
  signedInRoutes,
  throttles,
  zod,
  type Authenticator,
  type RateLimits,
  type RouteModule,
} from '../http/index.ts';
import { requirePermittedCountry, type IpCheck } from '../ip-check/index.ts';
import type { PlayersService } from '../players/index.ts';
import type { SelfService } from './self-service.ts';

const errors = { '4xx': errorAnswer, '5xx': errorAnswer };
const tags = ['self-service'];

/** What the legacy course call answers, whatever it is sent (docs/self-service.md). */
export const academyGone = {
  code: ErrorCode.Gone,
  ErrorMessage: 'This call belonged to a course app the portal no longer has',
} as const;

/**
 * Registration, password reset, the role examples' server check and the legacy course call
 * (docs/self-service.md, docs/api.md "Self-service").
 */
export interface SelfServiceDeps {
  selfService: SelfService;
  auth: Authenticator;
  players: Pick<PlayersService, 'byId' | 'userData'>;
  limits: Pick<RateLimits, 'accountMailIp' | 'accountMailAddress'>;
  ipCheck: IpCheck;
}

export const registerSelfService: RouteModule<SelfServiceDeps> = (app, { selfService, auth, players, limits, ipCheck }) => {
  const api = zod(app);
  const permitted = requirePermittedCountry(ipCheck);
  // The calls that send mail: per client IP, then per address (the body is read by then), then the country.
  const mailing = [...throttles(limits.accountMailIp, limits.accountMailAddress), permitted];
  app.addHook('onClose', async () => selfService.settled());

  api.get(
    '/api/auth/register',
    {
      schema: {
        tags,
        summary: 'Whether registration is open (REGISTRATION_OPEN), and the rules of its form',
        response: { 200: registrationState, ...errors },
      },
    },
    () => selfService.state(),
  );

  api.post(
    '/api/auth/register',
    {
      preHandler: mailing,
      schema: {
        tags,
        summary:
          'Register (SPEC §7 legacy call): 403 / 40311 while closed; 400 for the form (40000 with Params.field, 40101, 40102); ' +
          'else 202, the same for every account, and a mail to the address',
        body: registerRequest,
        response: { 202: checkYourMailAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await selfService.registration.register(request.body, request.ip);
      return reply.status(202).send(answer);
    },
  );

  api.post(
    '/api/auth/register/confirm',
    {
      preHandler: permitted,
      schema: {
        tags,
        summary: "Open the account of a registration's mailed link (wallet at 0); then sign in. 410 / 41001 for a link that does not work",
        body: registerConfirmRequest,
        response: { 200: registerConfirmAnswer, ...errors },
      },
    },
    (request) => selfService.registration.confirm(request.body.token),
  );

  api.post(
    '/api/auth/forgot-password',
    {
      preHandler: mailing,
      schema: {
        tags,
        summary: 'Ask for a reset link by username or e-mail address: 202, the same whether the account exists or not',
        body: forgotPasswordRequest,
        response: { 202: checkYourMailAnswer, ...errors },
      },
    },
    async (request, reply) => reply.status(202).send(selfService.passwordReset.request(request.body.login, request.body.language)),
  );

  api.get(
    '/api/auth/reset-password/check',
    {
      schema: {
        tags,
        summary: 'Whether a reset link still works (before the player types a new password)',
        querystring: resetTokenCheckQuery,
        response: { 200: resetTokenCheckAnswer, ...errors },
      },
    },
    (request) => selfService.passwordReset.check(request.query.token),
  );

  api.post(
    '/api/auth/reset-password',
    {
      preHandler: permitted,
      schema: {
        tags,
        summary:
          "Set a new password with a mailed link's token: every session of the player is signed out and a login block lifted. " +
          '410 / 41001 for a link that does not work; 400 / 40101, 40102 for a weak password',
        body: resetPasswordRequest,
        response: { 200: resetPasswordAnswer, ...errors },
      },
    },
    (request) => selfService.passwordReset.reset(request.body.token, request.body.password, request.ip),
  );

  signedInRoutes(app, auth, (scope) =>
    zod(scope).get(
      '/api/auth/role-example/:role',
      {
        schema: {
          tags,
          summary: "The role examples' server check (SPEC §6): 200 for admin = [admin], staff = [admin, staff]; else 403 / 40300",
          security: [{ bearer: [] }],
          params: roleExampleParams,
          response: { 200: roleExampleAnswer, ...errors },
        },
      },
      async (request) => {
        const page = request.params.role;
        const allowed: readonly PlayerRole[] = authRoleLists[page];
        // The role as it is now, not as the token was signed: a changed role counts at once.
        const player = await players.byId(playerOf(request).id);
        if (!player) throw new ApiError(401, ErrorCode.SignatureNotVerified);
        if (!allowed.includes(player.role)) throw new ApiError(403, ErrorCode.RoleRequired, { roles: allowed.join(',') });
        const user = players.userData(player);
        return {
          page,
          allowed: [...allowed],
          user: { id: user.id, username: user.username, displayName: user.displayName, role: user.role },
        };
      },
    ),
  );

  api.post(
    '/api/academy-app/course/update',
    {
      // Answered before the body is read: whatever it is (JSON, anything else, nothing), the call is gone.
      onRequest: async (_request, reply) => reply.status(410).send(academyGone),
      schema: {
        tags: ['legacy'],
        summary: 'SPEC §7 legacy course call: 410 Gone / 41000, whatever the body (docs/self-service.md)',
        response: { 410: errorAnswer },
      },
    },
    async (_request, reply) => reply.status(410).send(academyGone),
  );
};
