import { it } from 'vitest';
import { startTestPlatform } from './harness.ts';
it('explore', async () => {
  const p = await startTestPlatform();
  const tok = await p.login();
  const cases: [string, string, RequestInit][] = [
    ['POST', '/login', { headers: { 'content-type': 'text/plain' }, body: '{"username":"demo","password":"x"}' }],
    ['POST', '/login', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=demo&password=x' }],
    ['POST', '/login', { body: new TextEncoder().encode('{"username":"demo","password":"x"}') }],
    ['POST', '/login', { headers: { 'content-type': 'application/json' }, body: '{bad' }],
    ['POST', '/login', { headers: { 'content-type': 'application/json' }, body: '' }],
    ['POST', '/login', { headers: { 'content-type': 'application/json' }, body: 'null' }],
    ['POST', '/login', { headers: { 'content-type': 'application/json' }, body: '[]' }],
    ['POST', '/login', { headers: { 'content-type': 'application/json' }, body: '5' }],
    ['POST', '/login', { headers: { 'content-type': 'application/json' }, body: '{"username":"\\ud800","password":"x"}' }],
    ['POST', '/login', { headers: { 'content-type': 'application/json' }, body: '{"username":"a\\u202eb","password":"x"}' }],
    ['POST', '/login', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({username:'x'.repeat(2_000_000),password:'x'}) }],
    ['POST', '/login', { headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"username":"demo","password":"demo1234","site_id":true}' }],
    ['POST', '/player/logout', { headers: { authorization: 'Bearer ' + tok, 'content-type': 'text/plain' }, body: 'hello' }],
    ['POST', '/player/logout', { headers: { authorization: 'Bearer ' + 'x'.repeat(5000) } }],
    ['POST', '/login/token', { headers: { authorization: 'Bearer ' + tok, 'content-type': 'application/json' }, body: '{"a":1}' }],
    ['POST', '/login/token', { headers: { authorization: 'Bearer ' + tok, 'content-type': 'text/plain' }, body: 'x' }],
    ['GET', '/machine/1.5', { headers: { authorization: 'Bearer ' + tok } }],
    ['GET', '/machine/99999999999', { headers: { authorization: 'Bearer ' + tok } }],
    ['GET', '/machine/0', { headers: { authorization: 'Bearer ' + tok } }],
    ['GET', '/machine/%00', { headers: { authorization: 'Bearer ' + tok } }],
    ['GET', '/machine/50', { headers: { authorization: 'Bearer ' + tok } }],
    ['GET', '/machine/1', { headers: { authorization: 'Bearer ' + tok } }],
    ['GET', '/machine/abc', { }],
    ['GET', '/nope', { headers: { accept: 'text/html' } }],
    ['GET', '/nope/%E0%A4%A', { }],
    ['PUT', '/machine-api/machines/1/status', { headers: { authorization: 'Bearer ' + p.services.machineApiToken, 'content-type': 'application/json' }, body: '{"status":"idle","x":1}' }],
    ['PUT', '/machine-api/machines/9999/status', { headers: { authorization: 'Bearer ' + p.services.machineApiToken, 'content-type': 'application/json' }, body: '{"status":"idle"}' }],
    ['PUT', '/machine-api/machines/1/status', { headers: { authorization: 'Bearer ' + p.services.machineApiToken, 'content-type': 'application/json' }, body: '{"status":"idle","reservation":{"playerId":99999,"until":"zzz"}}' }],
    ['PUT', '/machine-api/machines/1/status', { headers: { authorization: 'Bearer ' + p.services.machineApiToken, 'content-type': 'application/json' }, body: '{"status":"idle","reservation":{"playerId":1.5,"until":null}}' }],
  ];
  for (const [m, u, init] of cases) {
    const r = await fetch(p.url + u, { method: m, ...init });
    console.log(m, u, JSON.stringify(init.headers ?? {}).slice(0, 80), r.status, (await r.text()).slice(0, 300));
  }
  await p.stop();
}, 60000);
