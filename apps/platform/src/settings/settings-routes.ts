import { settingsSchema } from '@reelcast/protocol';
import { zod, type RouteModule } from '../http/index.ts';

export const settingsRoutes: RouteModule = (app, { settings }) => {
  zod(app).get(
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
};
