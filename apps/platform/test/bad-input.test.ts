import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AuditType, ErrorCode } from '@reelcast/protocol';
import { attemptLimits, auditLog, players } from '../src/db/schema.ts';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

/**
 * Hostile and broken input against one running platform: every answer is a 4xx in the SPEC §8
 * shape `{ code, ErrorMessage, Params? }`, never a 500 and never a stack trace or a file path.
 */

let platform: TestPlatform;
let serviceToken: string;
/** A live token for the cases that need one; nothing in the tables revokes it (checked at the end). */
let token: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  serviceToken = platform.services.machineApiToken;
  token = await platform.login();
});
afterAll(() => platform?.stop());

interface Answer {
  status: number;
  text: string;
  body: any;
  contentType: string;
}

/** fetch with full control of the body bytes and headers: a string body with no content-type is sent as bytes, so fetch adds none. */
async function send(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: string | Uint8Array<ArrayBuffer>; contentType?: string | null } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.body;
  if (options.contentType) headers['content-type'] = options.contentType;
  else if (typeof body === 'string') body = new TextEncoder().encode(body); // no content-type header at all
  const response = await fetch(platform.url + url, { method, headers, body });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, text, body: parsed, contentType: response.headers.get('content-type') ?? '' };
}

/** Raw HTTP/1.1 through node:http, for what fetch refuses to send (a GET with a body). */
function sendRaw(method: string, url: string, headers: Record<string, string>, body: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      platform.url + url,
      { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          resolve({ status: response.statusCode!, text, body: parsed, contentType: String(response.headers['content-type'] ?? '') });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const stackTrace = [
  /\n\s*at\s/,
  /\bat [\w.<>]+ \(/,
  /node_modules/,
  /(?:\/[\w.@-]+){2,}\.(?:ts|js|mjs|cjs)\b/,
  /[A-Za-z]:\\/,
  /\bFST_[A-Z_]+/,
];

/** Every refusal: the expected 4xx, JSON, numeric code, string ErrorMessage, nothing of our insides. */
function expectRefusal(answer: Answer, status: number, code: number) {
  expect(answer.status, answer.text.slice(0, 300)).toBe(status);
  expect(answer.status).toBeLessThan(500);
  expect(answer.contentType).toMatch(/^application\/json/);
  expect(answer.body).toEqual(expect.objectContaining({ code: expect.any(Number), ErrorMessage: expect.any(String) }));
  expect(answer.body.code).toBe(code);
  expect(Object.keys(answer.body).every((k) => ['code', 'ErrorMessage', 'Params'].includes(k))).toBe(true);
  for (const pattern of stackTrace) expect(answer.text).not.toMatch(pattern);
  expect(answer.text.length).toBeLessThan(2000);
  // Words for a person: no template placeholders, no validator jargon.
  expect(answer.body.ErrorMessage).not.toMatch(/\{\{|\}\}|Invalid input|expected \w+, received|\bNaN\b/);
}

const JSON_TYPE = 'application/json';
const json = (value: unknown) => JSON.stringify(value);
const big = (n: number) => 'x'.repeat(n);

type BodyCase = [
  name: string,
  contentType: string | null,
  body: string | Uint8Array<ArrayBuffer> | undefined,
  status: number,
  code: number,
];

/** Body cases shared by every JSON endpoint: content type, syntax, shape and size. */
const bodyBasics: BodyCase[] = [
  ['text/plain', 'text/plain', '{"status":"idle"}', 415, ErrorCode.InvalidRequest],
  ['text/plain with charset', 'text/plain; charset=utf-8', 'hello', 415, ErrorCode.InvalidRequest],
  ['form-urlencoded', 'application/x-www-form-urlencoded', 'username=demo&password=demo1234', 415, ErrorCode.InvalidRequest],
  [
    'multipart',
    'multipart/form-data; boundary=xyz',
    '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n',
    415,
    ErrorCode.InvalidRequest,
  ],
  ['application/xml', 'application/xml', '<login/>', 415, ErrorCode.InvalidRequest],
  ['no content type', null, '{"status":"idle"}', 415, ErrorCode.InvalidRequest],
  ['malformed JSON', JSON_TYPE, '{"username": "demo", ', 400, ErrorCode.InvalidRequest],
  ['single-quoted JSON', JSON_TYPE, "{'username':'demo'}", 400, ErrorCode.InvalidRequest],
  ['trailing comma', JSON_TYPE, '{"a":1,}', 400, ErrorCode.InvalidRequest],
  ['empty body', JSON_TYPE, '', 400, ErrorCode.InvalidRequest],
  ['JSON array', JSON_TYPE, '[]', 400, ErrorCode.InvalidRequest],
  ['JSON null', JSON_TYPE, 'null', 400, ErrorCode.InvalidRequest],
  ['JSON number', JSON_TYPE, '42', 400, ErrorCode.InvalidRequest],
  ['JSON string', JSON_TYPE, '"demo"', 400, ErrorCode.InvalidRequest],
  ['JSON true', JSON_TYPE, 'true', 400, ErrorCode.InvalidRequest],
  ['__proto__ key', JSON_TYPE, '{"__proto__":{"polluted":1}}', 400, ErrorCode.InvalidRequest],
  ['constructor.prototype key', JSON_TYPE, '{"constructor":{"prototype":{"polluted":1}}}', 400, ErrorCode.InvalidRequest],
  ['deeply nested arrays', JSON_TYPE, '['.repeat(20_000) + ']'.repeat(20_000), 400, ErrorCode.InvalidRequest],
  ['1 MB body', JSON_TYPE, json({ username: big(1024 * 1024), password: 'x' }), 413, ErrorCode.PayloadTooLarge],
  // The content type is checked before the length: refused as 415 without reading the megabyte.
  ['1 MB body, no content type', null, big(1024 * 1024), 415, ErrorCode.InvalidRequest],
];

async function loginFailRows() {
  return platform.services.database.db.select().from(auditLog).where(eq(auditLog.type, AuditType.LoginFail)).orderBy(auditLog.id);
}

describe('POST /login: bad bodies', () => {
  const login: BodyCase[] = [
    ...bodyBasics,
    ['empty object', JSON_TYPE, '{}', 400, ErrorCode.InvalidRequest],
    ['missing password', JSON_TYPE, json({ username: 'demo' }), 400, ErrorCode.InvalidRequest],
    ['missing username', JSON_TYPE, json({ password: 'demo1234' }), 400, ErrorCode.InvalidRequest],
    ['number username', JSON_TYPE, json({ username: 12345, password: 'demo1234' }), 400, ErrorCode.InvalidRequest],
    ['null username', JSON_TYPE, json({ username: null, password: 'demo1234' }), 400, ErrorCode.InvalidRequest],
    ['array username', JSON_TYPE, json({ username: ['demo'], password: 'demo1234' }), 400, ErrorCode.InvalidRequest],
    ['object password', JSON_TYPE, json({ username: 'demo', password: { $ne: '' } }), 400, ErrorCode.InvalidRequest],
    ['boolean password', JSON_TYPE, json({ username: 'demo', password: true }), 400, ErrorCode.InvalidRequest],
    ['boolean site_id', JSON_TYPE, json({ username: 'demo', password: 'demo1234', site_id: true }), 400, ErrorCode.InvalidRequest],
    ['negative site_id', JSON_TYPE, json({ username: 'demo', password: 'demo1234', site_id: -1 }), 400, ErrorCode.InvalidRequest],
    ['fractional site_id', JSON_TYPE, json({ username: 'demo', password: 'demo1234', site_id: 1.5 }), 400, ErrorCode.InvalidRequest],
    ['object site_id', JSON_TYPE, json({ username: 'demo', password: 'demo1234', site_id: {} }), 400, ErrorCode.InvalidRequest],
    ['unknown extra field', JSON_TYPE, json({ username: 'demo', password: 'demo1234', remember: true }), 400, ErrorCode.InvalidRequest],
    [
      'extra field "isAdmin"',
      JSON_TYPE,
      json({ username: 'demo', password: 'wrong-password', isAdmin: true }),
      400,
      ErrorCode.InvalidRequest,
    ],
    ['empty username', JSON_TYPE, json({ username: '', password: 'demo1234' }), 400, ErrorCode.InvalidRequest],
    ['blank username', JSON_TYPE, json({ username: '   ', password: 'demo1234' }), 400, ErrorCode.InvalidRequest],
    ['empty password', JSON_TYPE, json({ username: 'demo', password: '' }), 400, ErrorCode.InvalidRequest],
    ['10k-char username', JSON_TYPE, json({ username: big(10_000), password: 'demo1234' }), 400, ErrorCode.InvalidRequest],
    ['129-char username', JSON_TYPE, json({ username: big(129), password: 'demo1234' }), 400, ErrorCode.InvalidRequest],
    ['10k-char password', JSON_TYPE, json({ username: 'demo', password: big(10_000) }), 400, ErrorCode.InvalidRequest],
    ['long site_id string', JSON_TYPE, json({ username: 'demo', password: 'demo1234', site_id: big(65) }), 400, ErrorCode.InvalidRequest],
    // Control characters are never typed by a person: refused by the schema.
    ['NUL in username', JSON_TYPE, json({ username: 'demo\u0000', password: 'demo1234' }), 400, ErrorCode.InvalidRequest],
    ['NUL in password', JSON_TYPE, json({ username: 'demo', password: 'demo1234\u0000' }), 400, ErrorCode.InvalidRequest],
    [
      'escape char (ANSI) in username',
      JSON_TYPE,
      json({ username: '\u001b[31mdemo', password: 'demo1234' }),
      400,
      ErrorCode.InvalidRequest,
    ],
    ['bell in username', JSON_TYPE, json({ username: 'de\u0007mo', password: 'demo1234' }), 400, ErrorCode.InvalidRequest],
    ['DEL in username', JSON_TYPE, json({ username: 'demo\u007f', password: 'demo1234' }), 400, ErrorCode.InvalidRequest],
    ['C1 control NEL in username', JSON_TYPE, json({ username: 'demo\u0085', password: 'demo1234' }), 400, ErrorCode.InvalidRequest],
    ['newline in username', JSON_TYPE, json({ username: 'demo\nadmin', password: 'demo1234' }), 400, ErrorCode.InvalidRequest],
    ['tab in password', JSON_TYPE, json({ username: 'demo', password: 'demo\t1234' }), 400, ErrorCode.InvalidRequest],
    ['lone high surrogate (raw \\ud800)', JSON_TYPE, '{"username":"demo\\ud800","password":"demo1234"}', 400, ErrorCode.InvalidRequest],
    ['lone low surrogate (raw \\udc00)', JSON_TYPE, '{"username":"\\udc00demo","password":"demo1234"}', 400, ErrorCode.InvalidRequest],
    ['lone surrogate in password', JSON_TYPE, '{"username":"demo","password":"demo1234\\ud800"}', 400, ErrorCode.InvalidRequest],
    ['NUL as site_id', JSON_TYPE, json({ username: 'demo', password: 'demo1234', site_id: '\u0000' }), 400, ErrorCode.InvalidRequest],
    [
      'lone surrogate as site_id',
      JSON_TYPE,
      '{"username":"demo","password":"demo1234","site_id":"\\ud800"}',
      400,
      ErrorCode.InvalidRequest,
    ],
    [
      'NUL in site_id of an unknown user',
      JSON_TYPE,
      json({ username: 'nobody\u0000', password: 'x', site_id: 'a\u0000b' }),
      400,
      ErrorCode.InvalidRequest,
    ],
    // Printable unicode is a legitimate (here unknown) username: the normal 10701 answer.
    ['RTL override U+202E', JSON_TYPE, json({ username: 'demo\u202e4321', password: 'demo1234' }), 401, ErrorCode.UnknownUser],
    ['zero-width joiner', JSON_TYPE, json({ username: 'de\u200dmo', password: 'demo1234' }), 401, ErrorCode.UnknownUser],
    ['zero-width space', JSON_TYPE, json({ username: '\u200bdemo', password: 'demo1234' }), 401, ErrorCode.UnknownUser],
    ['combining marks', JSON_TYPE, json({ username: 'de\u0301\u0301\u0301mo', password: 'demo1234' }), 401, ErrorCode.UnknownUser],
    ['emoji', JSON_TYPE, json({ username: '🎰🍒👨‍👩‍👧', password: 'demo1234' }), 401, ErrorCode.UnknownUser],
    ['Turkish dotted İ', JSON_TYPE, json({ username: 'İDEMO', password: 'demo1234' }), 401, ErrorCode.UnknownUser],
    ['Arabic script', JSON_TYPE, json({ username: 'مستخدم', password: 'demo1234' }), 401, ErrorCode.UnknownUser],
    ['SQL-looking username', JSON_TYPE, json({ username: "demo' OR '1'='1", password: "' OR '1'='1" }), 401, ErrorCode.UnknownUser],
    ['LIKE wildcard username', JSON_TYPE, json({ username: 'dem%', password: 'demo1234' }), 401, ErrorCode.UnknownUser],
    // Invalid UTF-8 is decoded with U+FFFD replacement characters: printable, an unknown username.
    [
      'invalid UTF-8 bytes in username',
      JSON_TYPE,
      new Uint8Array([
        ...new TextEncoder().encode('{"username":"de'),
        0xff,
        0xfe,
        ...new TextEncoder().encode('mo","password":"demo1234"}'),
      ]),
      401,
      ErrorCode.UnknownUser,
    ],
    ['128-char username (the limit)', JSON_TYPE, json({ username: big(128), password: 'demo1234' }), 401, ErrorCode.UnknownUser],
  ];

  it.each(login)('%s → %i', async (_name, contentType, body, status, code) => {
    expectRefusal(await send('POST', '/login', { contentType, body }), status, code);
  });

  it('every refused login attempt is in the audit log as `login fail`, its text stored as it can be (U+FFFD for what cannot)', async () => {
    const before = await loginFailRows();
    expectRefusal(
      await send('POST', '/login', { contentType: JSON_TYPE, body: '{"username":"audit\\ud800me","password":"x","site_id":"s\\u0000"}' }),
      400,
      ErrorCode.InvalidRequest,
    );
    expectRefusal(await send('POST', '/login', { contentType: 'text/plain', body: 'username=auditme' }), 415, ErrorCode.InvalidRequest);
    const added = (await loginFailRows()).slice(before.length);
    expect(added.map((r) => [r.username, r.detail])).toEqual([
      ['audit\uFFFDme', { reason: 'invalid request', status: 400, site_id: 's\uFFFD' }],
      ['', { reason: 'invalid request', status: 415, site_id: null }],
    ]);
  });

  it('control: a well-formed login with charset=utf-8 and a string site_id succeeds', async () => {
    const answer = await send('POST', '/login', {
      contentType: 'application/json; charset=utf-8',
      body: json({ username: 'demo', password: 'demo1234', site_id: '1' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.token).toEqual(expect.any(String));
  });
});

// -------------------------------------------------------------------------------------------------
// Authorization header oddities on every player endpoint.

/** JWT pieces, built by hand. */
const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const partsOf = (jwt: string) => {
  const [header, payload, signature] = jwt.split('.');
  return {
    header: JSON.parse(Buffer.from(header!, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(payload!, 'base64url').toString()),
    signature: signature!,
  };
};
const hs256 = (header: object, payload: object, secret: string | Buffer) => {
  const signingInput = `${b64url(header)}.${b64url(payload)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
};

const playerEndpoints: [method: string, url: string][] = [
  ['GET', '/player/balance'],
  ['GET', '/machine/all'],
  ['GET', '/machine/brands'],
  ['GET', '/machine/1'],
  ['GET', '/validate'],
  ['POST', '/login/token'],
  ['POST', '/player/logout'],
];

describe('Authorization header oddities → 401 code 10', () => {
  const authCases: [name: string, header: () => string | undefined][] = [
    ['no header', () => undefined],
    ['empty header', () => ''],
    ['"Bearer" alone', () => 'Bearer'],
    ['token without "Bearer"', () => token],
    ['Basic scheme', () => 'Basic ' + Buffer.from('demo:demo1234').toString('base64')],
    ['"Token" scheme', () => 'Token ' + token],
    ['Bearer + 5000 chars', () => 'Bearer ' + big(5000)],
    ['Bearer + garbage a.b.c', () => 'Bearer a.b.c'],
    ['Bearer + two tokens', () => `Bearer ${token} ${token}`],
    ['Bearer + latin-1 bytes', () => 'Bearer \u00e9\u00e9\u00e9'],
    [
      'alg none',
      () => {
        const { payload } = partsOf(token);
        return `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.`;
      },
    ],
    [
      'alg none with the original signature',
      () => {
        const { payload, signature } = partsOf(token);
        return `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(payload)}.${signature}`;
      },
    ],
    [
      'HS256 with a guessed secret',
      () => {
        const { payload } = partsOf(token);
        return `Bearer ${hs256({ alg: 'HS256', typ: 'JWT' }, payload, 'secret')}`;
      },
    ],
    [
      'HS256 keyed with the public key (algorithm confusion)',
      () => {
        const keys = JSON.parse(
          fs.readFileSync(path.join(platform.config.keysDir ?? path.join(platform.config.dataDir, 'keys'), 'jwt-ed25519.json'), 'utf8'),
        );
        const { header, payload } = partsOf(token);
        return `Bearer ${hs256({ ...header, alg: 'HS256' }, payload, keys.publicJwk.x)}`;
      },
    ],
    [
      'valid signature, payload changed to another player',
      () => {
        const { header, payload, signature } = partsOf(token);
        return `Bearer ${b64url(header)}.${b64url({ ...payload, id: payload.id + 1, sub: String(payload.id + 1), username: 'demo2' })}.${signature}`;
      },
    ],
    [
      'valid signature, expiry pushed back',
      () => {
        const { header, payload, signature } = partsOf(token);
        return `Bearer ${b64url(header)}.${b64url({ ...payload, exp: payload.exp + 3600 * 24 * 365 })}.${signature}`;
      },
    ],
    [
      'signature stripped',
      () => {
        const [h, p] = token.split('.');
        return `Bearer ${h}.${p}.`;
      },
    ],
    ['signature truncated', () => `Bearer ${token.slice(0, -4)}`],
    [
      'header changed to another kid',
      () => {
        const { header, payload, signature } = partsOf(token);
        return `Bearer ${b64url({ ...header, kid: 'other' })}.${b64url(payload)}.${signature}`;
      },
    ],
    ['the machine API service token', () => `Bearer ${serviceToken}`],
  ];

  const table = playerEndpoints.flatMap(([method, url]) =>
    authCases.map(([name, header]) => [`${method} ${url}`, name, method, url, header] as const),
  );

  it.each(table)('%s with %s', async (_endpoint, _name, method, url, header) => {
    const value = header();
    expectRefusal(
      await send(method, url, { headers: value === undefined ? {} : { authorization: value } }),
      401,
      ErrorCode.SignatureNotVerified,
    );
  });

  it.each(playerEndpoints.filter(([, url]) => url !== '/player/logout'))(
    'control: %s %s answers 200 with the real token (any case of "bearer")',
    async (method, url) => {
      const answer = await send(method, url, { headers: { authorization: `bearer ${token}` } });
      expect(answer.status, answer.text).toBe(200);
    },
  );
});

// -------------------------------------------------------------------------------------------------

describe('bodies on the player endpoints', () => {
  const auth = () => ({ authorization: `Bearer ${token}` });

  // A JSON null body counts as no body on this optional-body call (answers 200): not in the table.
  const tokenSignIn: BodyCase[] = [
    ...bodyBasics.filter(([name]) => name !== 'JSON null'),
    ['unknown field', JSON_TYPE, json({ remember: true }), 400, ErrorCode.InvalidRequest],
  ];
  it.each(tokenSignIn)('POST /login/token: %s → %i', async (_name, contentType, body, status, code) => {
    expectRefusal(await send('POST', '/login/token', { contentType, body, headers: auth() }), status, code);
  });

  // Logout takes no body and has no body schema: only what fails before the handler (content type,
  // JSON syntax, size) is refused; any parseable JSON would log out, so it is not in this table.
  const logout = bodyBasics.filter(
    ([name, , , status]) => status !== 400 || /malformed|single-quoted|trailing comma|empty body|__proto__|constructor/.test(name),
  );
  it.each(logout)('POST /player/logout: %s → %i, and the token is not revoked', async (_name, contentType, body, status, code) => {
    expectRefusal(await send('POST', '/player/logout', { contentType, body, headers: auth() }), status, code);
    expect((await send('GET', '/player/balance', { headers: auth() })).status).toBe(200);
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/json', '{not json'],
    ['application/x-www-form-urlencoded', 'a=1'],
  ])('GET /player/balance ignores a GET body with content type %s', async (contentType, body) => {
    const answer = await sendRaw('GET', '/player/balance', { ...auth(), 'content-type': contentType }, body);
    expect(answer.status, answer.text).toBeLessThan(500);
    if (answer.status === 200) expect(answer.body).toEqual({ balance: 100000 });
    else expectRefusal(answer, answer.status, ErrorCode.InvalidRequest);
  });
});

describe('GET /machine/:id path params', () => {
  const cases: [param: string, status: number, code: number][] = [
    ['abc', 400, ErrorCode.InvalidRequest],
    ['0', 400, ErrorCode.InvalidRequest],
    ['-1', 400, ErrorCode.InvalidRequest],
    ['99999999999', 400, ErrorCode.InvalidRequest],
    ['2147483648', 400, ErrorCode.InvalidRequest],
    ['1.5', 400, ErrorCode.InvalidRequest],
    ['Infinity', 400, ErrorCode.InvalidRequest],
    ['NaN', 400, ErrorCode.InvalidRequest],
    ['%00', 400, ErrorCode.InvalidRequest],
    ['%20', 400, ErrorCode.InvalidRequest],
    ['1%00', 400, ErrorCode.InvalidRequest],
    ['%E0%A4%A', 400, ErrorCode.InvalidRequest],
    ['%', 400, ErrorCode.InvalidRequest],
    [encodeURIComponent("1' OR '1'='1"), 400, ErrorCode.InvalidRequest],
    ['2147483647', 404, ErrorCode.NotFound],
    ['999', 404, ErrorCode.NotFound],
  ];
  it.each(cases)('/machine/%s → %i', async (param, status, code) => {
    expectRefusal(await send('GET', `/machine/${param}`, { headers: { authorization: `Bearer ${token}` } }), status, code);
  });

  // A segment over the router's 200-character limit never reaches the route: with the portal built,
  // its catch-all answers 404; without it the router refuses the URL (400). Both are clean refusals.
  it('/machine/{300 characters} → 400 or 404, with a SPEC code', async () => {
    const answer = await send('GET', `/machine/${big(300)}`, { headers: { authorization: `Bearer ${token}` } });
    expect([400, 404]).toContain(answer.status);
    expectRefusal(answer, answer.status, answer.status === 400 ? ErrorCode.InvalidRequest : ErrorCode.NotFound);
  });

  it('control: /machine/1 answers a brand and its machines', async () => {
    const answer = await send('GET', '/machine/1', { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.body.brand.id).toBe(1);
    expect(answer.body.machines.length).toBeGreaterThan(0);
  });
});

describe('PUT /machine-api/machines/:id/status', () => {
  const url = '/machine-api/machines/1/status';
  const service = () => ({ authorization: `Bearer ${serviceToken}` });

  const bodies: BodyCase[] = [
    ...bodyBasics,
    ['empty object', JSON_TYPE, '{}', 400, ErrorCode.InvalidRequest],
    ['unknown status', JSON_TYPE, json({ status: 'flying' }), 400, ErrorCode.InvalidRequest],
    ['status in capitals', JSON_TYPE, json({ status: 'IDLE' }), 400, ErrorCode.InvalidRequest],
    ['number status', JSON_TYPE, json({ status: 1 }), 400, ErrorCode.InvalidRequest],
    ['unknown extra field', JSON_TYPE, json({ status: 'idle', jackpot: 1000 }), 400, ErrorCode.InvalidRequest],
    ['reservation as a string', JSON_TYPE, json({ status: 'reserved', reservation: 'demo' }), 400, ErrorCode.InvalidRequest],
    [
      'reservation playerId as a string',
      JSON_TYPE,
      json({ status: 'reserved', reservation: { playerId: '1', until: null } }),
      400,
      ErrorCode.InvalidRequest,
    ],
    [
      'reservation playerId fractional',
      JSON_TYPE,
      json({ status: 'reserved', reservation: { playerId: 1.5, until: null } }),
      400,
      ErrorCode.InvalidRequest,
    ],
    [
      'reservation until a number',
      JSON_TYPE,
      json({ status: 'reserved', reservation: { playerId: 1, until: 12 } }),
      400,
      ErrorCode.InvalidRequest,
    ],
    ['NUL in status', JSON_TYPE, json({ status: 'idle\u0000' }), 400, ErrorCode.InvalidRequest],
  ];
  it.each(bodies)('%s → %i', async (_name, contentType, body, status, code) => {
    expectRefusal(await send('PUT', url, { contentType, body, headers: service() }), status, code);
  });

  it.each([
    ['abc', 400, ErrorCode.InvalidRequest],
    ['0', 400, ErrorCode.InvalidRequest],
    ['-1', 400, ErrorCode.InvalidRequest],
    ['1.5', 400, ErrorCode.InvalidRequest],
    ['99999999999', 400, ErrorCode.InvalidRequest],
    ['%E0%A4%A', 400, ErrorCode.InvalidRequest],
    ['9999', 404, ErrorCode.NotFound],
  ] as const)('machine id %s → %i', async (id, status, code) => {
    expectRefusal(
      await send('PUT', `/machine-api/machines/${id}/status`, {
        contentType: JSON_TYPE,
        body: json({ status: 'idle' }),
        headers: service(),
      }),
      status,
      code,
    );
  });

  it.each([
    ['no header', undefined],
    ['a player token', () => `Bearer ${token}`],
    ['the service token with one more character', () => `Bearer ${serviceToken}x`],
    ['the service token without "Bearer"', () => serviceToken],
    ['Bearer + 5000 chars', () => `Bearer ${big(5000)}`],
  ] as const)('service auth: %s → 401 code 10', async (_name, header) => {
    const headers: Record<string, string> = header ? { authorization: header() } : {};
    expectRefusal(
      await send('PUT', url, { contentType: JSON_TYPE, body: json({ status: 'idle' }), headers }),
      401,
      ErrorCode.SignatureNotVerified,
    );
  });

  it('reservation.until that is not a date → 400', async () => {
    expectRefusal(
      await send('PUT', url, {
        contentType: JSON_TYPE,
        body: json({ status: 'reserved', reservation: { playerId: 1, until: 'tomorrow' } }),
        headers: service(),
      }),
      400,
      ErrorCode.InvalidRequest,
    );
  });
  it('reservation.playerId of no player → 400', async () => {
    const answer = await send('PUT', url, {
      contentType: JSON_TYPE,
      body: json({ status: 'reserved', reservation: { playerId: 999_999, until: null } }),
      headers: service(),
    });
    expectRefusal(answer, 400, ErrorCode.InvalidRequest);
  });

  it('unknown keys inside reservation → 400', async () => {
    const answer = await send('PUT', url, {
      contentType: JSON_TYPE,
      body: json({ status: 'reserved', reservation: { playerId: 1, until: null, extra: 1 } }),
      headers: service(),
    });
    expectRefusal(answer, 400, ErrorCode.InvalidRequest);
  });

  it('control: a valid report answers the machine, and the bad reports above changed nothing', async () => {
    const before = (await send('GET', '/machine/all', { headers: { authorization: `Bearer ${token}` } })).body.find(
      (m: { id: number }) => m.id === 1,
    );
    expect(before.reservation).toBeNull();
    const answer = await send('PUT', url, { contentType: JSON_TYPE, body: json({ status: before.status }), headers: service() });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ id: 1, status: before.status, reservation: null });
  });
});

describe('unknown routes and pages', () => {
  it.each([
    ['GET', '/nope'],
    ['POST', '/nope'],
    ['GET', '/player/nope'],
    ['GET', '/machine/1/extra'],
    ['GET', '/machine-api/nothing'],
    ['DELETE', '/login'],
    ['PATCH', '/player/balance'],
    ['GET', '/Settings.json/x'],
    ['GET', '/api/nothing-here'],
    ['GET', '/' + big(3000)],
  ])('%s %s → 404 code 40400 JSON', async (method, url) => {
    expectRefusal(await send(method, url, { headers: { accept: 'application/json' } }), 404, ErrorCode.NotFound);
  });

  it('a URL that cannot be decoded → 400 code 40000 JSON', async () => {
    expectRefusal(await send('GET', '/nope/%E0%A4%A'), 400, ErrorCode.InvalidRequest);
  });

  it('an unknown API path with Accept: text/html still answers JSON 404 (never the portal page)', async () => {
    expectRefusal(await send('GET', '/player/nope', { headers: { accept: 'text/html' } }), 404, ErrorCode.NotFound);
  });

  it('an unknown page with Accept: text/html is not a server error (portal page when built, else JSON 404)', async () => {
    const answer = await send('GET', '/some/page/that/does-not-exist', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(answer.status).toBeLessThan(500);
    if (answer.status === 200) expect(answer.contentType).toMatch(/^text\/html/);
    else expectRefusal(answer, 404, ErrorCode.NotFound);
  });

  it('a foreign Origin is refused with the SPEC §8 shape', async () => {
    expectRefusal(
      await send('POST', '/login', {
        contentType: JSON_TYPE,
        body: json({ username: 'demo', password: 'demo1234' }),
        headers: { origin: 'https://evil.example' },
      }),
      403,
      ErrorCode.InvalidRequest,
    );
  });
});

describe('after all the bad input', () => {
  it('bad input did not count as wrong passwords: demo has no failed logins and still signs in', async () => {
    const [demo] = await platform.services.database.db.select().from(players).where(eq(players.username, 'demo'));
    const [count] = await platform.services.database.db
      .select()
      .from(attemptLimits)
      .where(eq(attemptLimits.key, `login:${demo!.id}`));
    expect(count?.attempts ?? 0).toBe(0);
    expect(count?.blockedUntil ?? null).toBeNull();
    const fresh = await platform.login('demo', 'demo1234');
    expect(fresh).toEqual(expect.any(String));
  });

  it('the token used throughout still works and the balance is untouched', async () => {
    const answer = await send('GET', '/player/balance', { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ balance: 100000 });
    const other = await platform.call('GET', '/player/balance', { token: await platform.login('demo2') });
    expect(other.body).toEqual({ balance: 100000 });
  });

  it('one real logout revokes the token afterwards (the refusals above did not)', async () => {
    const fresh = await platform.login();
    expect((await send('POST', '/player/logout', { headers: { authorization: `Bearer ${fresh}` } })).status).toBe(200);
    expectRefusal(
      await send('GET', '/player/balance', { headers: { authorization: `Bearer ${fresh}` } }),
      401,
      ErrorCode.SignatureNotVerified,
    );
  });
});
