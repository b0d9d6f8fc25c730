import fastifyEtag from '@fastify/etag';
import { settingsSchema } from '@reelcast/protocol';
import { zod, type RouteModule } from '../http/index.ts';
import type { SettingsFile } from './settings-file.ts';

export const registerSettings: RouteModule<{ settings: Pick<SettingsFile, 'read'> }> = (app, { settings }) =>
  // Revalidated on every load of the portal: an ETag lets an unchanged one answer 304.
  void app.register(async (scope) => {
    await scope.register(fastifyEtag);
    zod(scope).get(
      '/Settings.json',
      {
        schema: {
          tags: ['settings'],
          summary: "The portal's settings: the operator's Settings.json over the defaults",
          response: { 200: settingsSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return settings.read();
      },
    );
  });
