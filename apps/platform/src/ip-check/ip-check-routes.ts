import { ipCheckAnswer } from '@reelcast/protocol';
import { zod, type RouteModule } from '../http/index.ts';
import type { IpCheck } from './ip-check.ts';

/** GET /check (SPEC §7 `{api base}../check`): the caller's address, its country, and whether it may come in. */
export const registerIpCheck: RouteModule<{ ipCheck: Pick<IpCheck, 'check'> }> = (app, { ipCheck }) => {
  zod(app).get(
    '/check',
    {
      schema: {
        tags: ['ip check'],
        summary:
          "The caller's address and country, and whether they may come in: status 1 / code 20000 allowed, status 0 / code 0 " +
          "blocked (only while Settings.json's ipCheck is on). Private and loopback addresses are 'LAN', always allowed; " +
          "a public address the database does not place is 'ZZ'",
        response: { 200: ipCheckAnswer },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ipCheck.check(request.ip);
    },
  );
};
