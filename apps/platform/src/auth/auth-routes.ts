import { z } from 'zod';
import {
  bearerToken,
  errorAnswer,
  loginAnswer,
  loginRequest,
  logoutAnswer,
  tokenSignInAnswer,
  UI_VERSION,
  validateAnswer,
  ErrorCode,
} from '@reelcast/protocol';
import { playerOf, signedInRoutes, zod, type RateLimits, type RouteModule, throttles } from '../http/index.ts';
import { requirePermittedCountry, type IpCheck } from '../ip-check/index.ts';
import type { PlayersService } from '../players/index.ts';
import { DomainError } from '../shared/index.ts';
import type { AuthService } from './auth-service.ts';

const errors = { '4xx': errorAnswer, '5xx': errorAnswer };
/** Statuses of a login request refused as malformed: 400, 413 (too large), 415 (not JSON). */
const refusedAsInvalid = new Set([400, 413, 415]);

export interface AuthDeps {
  auth: AuthService;
  players: Pick<PlayersService, 'byId' | 'userData'>;
  limits: Pick<RateLimits, 'login'>;
  ipCheck: IpCheck;
  /** The notification pushes' log: a sign-in answers where its socket's replay starts. */
  pushLog: { point(): string };
}

export const registerAuth: RouteModule<AuthDeps> = (app, { auth, players, limits, ipCheck, pushLog }) => {
  const api = zod(app);
  // A blocked country is refused after the rate limits and before any password or token is checked
  // (docs/ip-check.md); the audit row names the token's player when the token is good.
  const permitted = requirePermittedCountry(ipCheck);
  const permittedWithToken = requirePermittedCountry(ipCheck, {
    caller: async (request) => {
      const token = bearerToken(request.headers.authorization);
      const claims = token ? await auth.authenticate(token) : null;
      return claims ? { username: claims.username, playerId: claims.id } : { username: '' };
    },
  });

  api.post(
    '/login',
    {
      onRequest: throttles(limits.login),
      preHandler: permitted,
      // A sign-in refused before it reached the service (bad body, wrong content type) is still an attempt,
      // written before the answer leaves.
      onSend: async (request, reply, payload) => {
        if (refusedAsInvalid.has(reply.statusCode)) await auth.auditInvalidLogin(request.body, request.ip, reply.statusCode);
        return payload;
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username (or email) and password',
        body: loginRequest,
        response: { 200: loginAnswer, ...errors },
      },
    },
    async (request) => ({
      ...(await auth.login({
        username: request.body.username,
        password: request.body.password,
        siteId: request.body.site_id,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      })),
      pushesFrom: pushLog.point(),
    }),
  );

  api.get(
    '/validate',
    {
      preHandler: permittedWithToken,
      schema: {
        tags: ['auth'],
        summary: 'Check the Bearer token and get a fresh one for the same session',
        security: [{ bearer: [] }],
        response: { 200: validateAnswer, ...errors },
      },
    },
    async (request) => {
      const claims = await checkedToken(request.headers.authorization, request.ip);
      return auth.refresh(claims, request.ip);
    },
  );

  api.post(
    '/login/token',
    {
      preHandler: permittedWithToken,
      schema: {
        tags: ['auth'],
        summary: 'Token sign-in: the stored token in the Bearer header signs the player in again',
        security: [{ bearer: [] }],
        body: z.object({}).strict().nullish(),
        response: { 200: tokenSignInAnswer, ...errors },
      },
    },
    async (request) => {
      const claims = await checkedToken(request.headers.authorization, request.ip);
      const row = await players.byId(claims.id);
      if (!row) throw new DomainError(ErrorCode.SignatureNotVerified);
      const { token, pin_code } = await auth.refresh(claims, request.ip);
      return {
        token,
        pin_code,
        ip_address: request.ip,
        versions: UI_VERSION,
        Group: row.groupId,
        Permissions: row.permissions,
        last_logon: row.lastLogonAt?.toISOString() ?? null,
        last_logon_ip: row.lastLogonIp,
        user: players.userData(row),
        pushesFrom: pushLog.point(),
      };
    },
  );

  signedInRoutes(app, auth, (scope) =>
    zod(scope).post(
      '/player/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out: the token is revoked on the server',
          security: [{ bearer: [] }],
          body: z.object({}).strict().nullish(),
          response: { 200: logoutAnswer, ...errors },
        },
      },
      async (request) => {
        const claims = playerOf(request);
        await auth.logout(claims, request.ip);
        return { status: true as const, code: ErrorCode.Success };
      },
    ),
  );

  /** A token check that writes `check fail` to the audit log when it fails. */
  async function checkedToken(header: string | undefined, ip: string) {
    const token = bearerToken(header);
    const claims = token ? await auth.authenticate(token) : null;
    if (!claims) {
      await auth.auditCheckFail(ip, token ? 'invalid token' : 'no token');
      throw new DomainError(ErrorCode.SignatureNotVerified);
    }
    return claims;
  }
};
