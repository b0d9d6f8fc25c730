import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.stop());

it('describes every SPEC §7 path of this release in the OpenAPI document at /docs/json', async () => {
  const { status, body } = await platform.call('GET', '/docs/json');
  expect(status).toBe(200);
  expect(body.openapi).toMatch(/^3\./);
  const operations = Object.entries(body.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
    Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
  );
  expect(operations).toEqual(
    expect.arrayContaining([
      'POST /login',
      'GET /validate',
      'POST /login/token',
      'POST /player/logout',
      'GET /player/balance',
      'GET /machine/brands',
      'GET /machine/all',
      'GET /machine/{id}',
      'GET /Settings.json',
      'PUT /machine-api/machines/{id}/status',
    ]),
  );
  const login = body.paths['/login'].post;
  expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(['username', 'password', 'site_id']);
  expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '4XX']));
});

it('serves the interactive documentation page at /docs', async () => {
  const response = await fetch(`${platform.url}/docs`, { redirect: 'follow' });
  expect(response.status).toBe(200);
  expect(await response.text()).toMatch(/swagger/i);
});
