import { errorAnswer, noteDeleteAnswer, noteParams, noteRequest, quickPanelData, quickPanelItem, ErrorCode } from '@reelcast/protocol';
import { playerOf, signedInRoutes, zod, type Authenticator, type RouteModule } from '../http/index.ts';
import type { QuickPanelService } from './quick-panel-service.ts';

const errors = { '4xx': errorAnswer, '5xx': errorAnswer };

/**
 * SPEC §7 GET /api/quick-panel/data and the notes behind it (docs/quick-panel.md). Every call is the
 * signed-in account's own: a note id of another account answers 404, as an unknown one does.
 */
export const registerQuickPanel: RouteModule<{ auth: Authenticator; quickPanel: QuickPanelService }> = (app, { auth, quickPanel }) =>
  signedInRoutes(app, auth, (scope) => {
    const api = zod(scope);
    const meta = { tags: ['quick panel'], security: [{ bearer: [] }] };

    api.get(
      '/api/quick-panel/data',
      {
        schema: {
          ...meta,
          summary: "The quick panel: the operator's events showing now and the account's own notes, newest first",
          response: { 200: quickPanelData, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return quickPanel.data(playerOf(request).id);
      },
    );

    api.post(
      '/api/quick-panel/notes',
      {
        schema: {
          ...meta,
          summary: 'Add a note (title required; at most 100 notes per account, then 400 / 40000)',
          body: noteRequest,
          response: { 201: quickPanelItem, ...errors },
        },
      },
      async (request, reply) => {
        const note = await quickPanel.addNote(playerOf(request).id, request.body);
        return reply.status(201).send(note);
      },
    );

    api.put(
      '/api/quick-panel/notes/:id',
      {
        schema: {
          ...meta,
          summary: "Replace a note's title and detail (another account's note: 404)",
          params: noteParams,
          body: noteRequest,
          response: { 200: quickPanelItem, ...errors },
        },
      },
      (request) => quickPanel.updateNote(playerOf(request).id, request.params.id, request.body),
    );

    api.delete(
      '/api/quick-panel/notes/:id',
      {
        schema: {
          ...meta,
          summary: "Delete a note (another account's note: 404)",
          params: noteParams,
          response: { 200: noteDeleteAnswer, ...errors },
        },
      },
      async (request) => {
        await quickPanel.deleteNote(playerOf(request).id, request.params.id);
        return { status: true as const, code: ErrorCode.Success };
      },
    );
  });
