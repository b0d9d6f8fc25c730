import type { AddressInfo } from 'node:net';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode } from '@reelcast/protocol';
import type { RawAnswerHeaders } from '@reelcast/protocol/server';
import { config as configureZod, locales } from 'zod';
import {
  CspSourceList,
  installCompression,
  installErrorHandler,
  installOriginCheck,
  installPortalFiles,
  installRateLimits,
  installMetrics,
  installSecurityHeaders,
  LobbyPage,
  appPageFile,
  loginPageFile,
  type PlatformMetrics,
  platformOrigins,
  SecurityHeaders,
} from '../http/index.ts';
import type { Services } from '../services.ts';
import { registerModules } from './routes.ts';

/**
 * Paths that belong to the API: a GET miss there answers JSON 404, never the portal page.
 * (`/login` is not one: the API has only POST there, and GET /login is the portal's login page.)
 */
const apiPrefixes = ['/check', '/validate', '/player', '/machine', '/machine-api', '/api', '/docs', '/socket.io', '/Settings.json'];
const isApiPath = (url: string) => apiPrefixes.some((p) => url === p || url.startsWith(p + '/') || url.startsWith(p + '?'));

export interface AppOptions {
  portalDir: string;
  mediaDir: string;
  /** The platform's log (pino), which the services write to as well. */
  log: FastifyBaseLogger;
  /** Origins the pages may connect to besides the machines' reported ones (StartOptions.connectUrls). */
  connectUrls: string[];
}

export interface BuiltApp {
  app: FastifyInstance;
  /** The security headers for the answers that do not pass through `app` (the notification socket's). */
  rawAnswerHeaders: RawAnswerHeaders;
  /** This instance's Prometheus metrics (GET /metrics, docs/operations.md). */
  metrics: PlatformMetrics;
}

export async function buildApp(services: Services, options: AppOptions): Promise<BuiltApp> {
  const { config } = services;
  const cspSources = new CspSourceList(
    async () => ({
      settings: await services.settings.read(),
      machineUrls: (await services.machines.all()).flatMap((m) => [m.address, m.video]),
      fixedUrls: options.connectUrls,
    }),
    { readSettings: () => services.settings.read() },
  );
  const headers = new SecurityHeaders({ https: (config.publicUrl ?? '').startsWith('https:'), sources: cspSources });
  const app = Fastify({
    loggerInstance: options.log,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    routerOptions: { maxParamLength: 200 },
    // One line per request, from the onResponse hook below, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A URL Fastify cannot decode (e.g. '/x/%E0%A4%A') answers the SPEC §8 shape, not Fastify's own; no
    // hook runs for it, so its security headers are set here.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const tooLong = (error as { code?: string }).code === 'FST_ERR_MAX_PARAM_LENGTH';
      headers.raw(request.raw, reply.raw, () => {
        reply
          .status(400)
          .send({ code: ErrorCode.InvalidRequest, ErrorMessage: tooLong ? 'A part of the URL is too long.' : 'The URL is not valid.' });
      });
    },
  });
  // Bodies are JSON only: without this, Fastify's built-in text/plain parser hands a string to the
  // schema (400) instead of refusing the content type (415, docs/api.md).
  app.removeContentTypeParser('text/plain');
  // validation-text.ts rewords zod's English texts. The protocol's zod/mini schemas load no locale of
  // their own (classic zod does, on its first schema): say which one here.
  configureZod(locales.en());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('player', null);
  installErrorHandler(app);
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'info' : 'debug';
    request.log[level](`${request.method} ${request.url.slice(0, 200)} ${status} ${reply.elapsedTime.toFixed(1)} ms`);
  });

  // First: every answer after it, the origin check's and the rate limits' refusals included, carries them.
  installSecurityHeaders(app, headers);
  const allowed = memoAfterListen(app, (port) => platformOrigins(config, port));
  await installOriginCheck(app, allowed);
  // The pages' connect-src names every machine's address and video: read again when one moves.
  const unsubscribe = services.bus.subscribe('machineAddress', () => cspSources.invalidate());
  app.addHook('onClose', (_instance, done) => {
    unsubscribe();
    done();
  });
  await installCompression(app);
  const limits = await installRateLimits(app, config);
  const metrics = installMetrics(app, {
    token: config.metricsToken,
    ledger: services.ledger,
    openSeats: async () => (await services.play.openSlotSessions()).length,
  });
  // Every API call counts against the per-IP limit; the portal's files, the API docs and the machine agents' API do not.
  const countsAsApi = (method: string, url: string) =>
    (method !== 'GET' || isApiPath(url)) && !url.startsWith('/machine-api') && !url.startsWith('/docs');
  if (limits.api) {
    const throttle = limits.api;
    app.addHook('onRequest', async (request, reply) => {
      if (countsAsApi(request.method, request.url)) await throttle(request, reply);
    });
  }

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Reelcast platform API',
        version: '0.1.0',
        description: 'REST API of the player portal (SPEC §7). Errors answer { code, ErrorMessage, Params }.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          service: { type: 'http', scheme: 'bearer', description: 'Machine API service token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  registerModules(app, { ...services, limits });

  const { portalBuilt } = await installPortalFiles(app, options);
  const lobbyPage = new LobbyPage(options.portalDir);
  lobbyPage.prepare();
  // What GET /machine/brands and GET /machine/all answer every signed-in player.
  const lobbyData = async () => ({
    brands: await services.jackpots.meters.withLiveJackpots(await services.machines.brands()),
    machines: await services.machines.all(),
  });

  const wantsPage = (request: FastifyRequest) => request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
  // `/` is a page like the others (the app sends it on to /lobby): a browser gets the splash from the first
  // byte. Without this route @fastify/static's wildcard answers it with index.html, as it still does for
  // anything that does not ask for HTML.
  if (portalBuilt)
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      wantsPage(request) ? reply.callNotFound() : reply.sendFile('index.html', options.portalDir),
    );

  app.setNotFoundHandler(async (request, reply) => {
    if (wantsPage(request) && portalBuilt && !isApiPath(request.url)) {
      const route = request.url.split('?')[0];
      if (route === '/lobby') {
        // A renderer that fails leaves the page to the app, as before it existed.
        const page = await lobbyPage
          .render(await services.settings.read(), lobbyData, { cookie: request.headers.cookie })
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'the lobby page could not be rendered: index.html sent');
            return null;
          });
        if (page !== null)
          return reply
            .header('content-type', 'text/html; charset=utf-8')
            .header('cache-control', 'no-cache')
            .header('vary', 'cookie')
            .send(page);
      }
      const settings = await services.settings.read();
      const file =
        route === '/login'
          ? loginPageFile(options.portalDir, settings, request.headers.cookie)
          : appPageFile(options.portalDir, settings, request.headers.cookie, route);
      return reply.header('vary', 'cookie').sendFile(file, options.portalDir);
    }
    return reply.status(404).send({ code: ErrorCode.NotFound, ErrorMessage: `Not found: ${request.method} ${request.url.slice(0, 200)}` });
  });

  return { app, rawAnswerHeaders: headers.raw, metrics };
}

/** A value that depends on the port the server listens on: made at the first request, once the port is known. */
function memoAfterListen<T>(app: FastifyInstance, make: (port: number) => T): () => T {
  let value: T | undefined;
  return () => (value ??= make((app.server.address() as AddressInfo).port));
}
