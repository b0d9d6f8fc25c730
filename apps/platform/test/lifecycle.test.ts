import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { healthRoutes } from '../src/http/index.ts';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

/** GET /healthz and /readyz in one process (the CLI's SIGTERM path: lifecycle-cli.test.ts). */
describe('health and readiness', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    // The API limit on (1 call a minute per IP): a load balancer polling the probes must never trip it.
    platform = await startTestPlatform({ rateLimitApiPerMinute: 1 });
  });
  afterAll(() => platform?.stop());

  it('answer without authentication, outside the API rate limit, and are in the OpenAPI document', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await platform.call('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
      expect(await platform.call('GET', '/readyz')).toMatchObject({ status: 200, body: { status: 'ready', notReady: [] } });
    }
    const { body } = await platform.call('GET', '/docs/json');
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    expect(Object.keys(body.paths['/readyz'].get.responses)).toEqual(expect.arrayContaining(['200', '503']));
  });

  it('answers 503 while the instance drains, naming it', async () => {
    await platform.drain(0);
    expect(await platform.call('GET', '/readyz')).toMatchObject({ status: 503, body: { status: 'not ready', notReady: ['draining'] } });
    expect(await platform.call('GET', '/healthz')).toMatchObject({ status: 200 });
  });
});

describe('readyz names every check that fails', () => {
  it('an unreachable Redis, migrations not applied, draining', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    // A port nothing listens on: the probe's connection is refused.
    healthRoutes(app, {
      database: { readiness: () => Promise.resolve({ database: true, migrations: false }) },
      redisUrl: 'redis://127.0.0.1:1',
      draining: () => true,
    });
    try {
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: 'not ready', notReady: ['redis', 'migrations', 'draining'] });
    } finally {
      await app.close();
    }
  });

  it('a database that does not answer', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    healthRoutes(app, { database: { readiness: () => Promise.reject(new Error('down')) }, draining: () => false });
    try {
      const answer = await app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: 'not ready', notReady: ['database', 'migrations'] });
    } finally {
      await app.close();
    }
  });
});
