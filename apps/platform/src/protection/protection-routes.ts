import {
  errorAnswer,
  exclusion,
  exclusionRequest,
  limitConfirmRequest,
  limitsChangeRequest,
  protectionStatus,
  realityCheckAnswerRequest,
  realityCheckChangeRequest,
} from '@reelcast/protocol';
import { z } from 'zod/mini';
import type { FastifyRequest } from 'fastify';
import { playerOf, signedInRoutes, zod, type Authenticator, type RouteModule } from '../http/index.ts';
import type { Actor, ProtectionService } from './protection-service.ts';

const errors = { '4xx': errorAnswer, '5xx': errorAnswer };
const done = z.object({ status: z.literal(true) });

export interface ProtectionDeps {
  auth: Authenticator;
  protection: ProtectionService;
}

const actorOf = (request: FastifyRequest): Actor => {
  const player = playerOf(request);
  return { id: player.id, username: player.username, ip: request.ip };
};

/** Profile → Responsible gaming (docs/player-protection.md). */
export const registerProtection: RouteModule<ProtectionDeps> = (app, { auth, protection }) =>
  signedInRoutes(app, auth, (scope) => {
    const api = zod(scope);
    const meta = { tags: ['player protection'], security: [{ bearer: [] }] };

    api.get(
      '/player/protection',
      {
        schema: {
          ...meta,
          summary: 'The limits, their pending changes, the figures they count and the reality check',
          response: { 200: protectionStatus, ...errors },
        },
      },
      (request) => protection.status(playerOf(request).id),
    );

    api.put(
      '/player/protection/limits',
      {
        schema: {
          ...meta,
          summary: 'Set limits: a stricter one applies at once, a looser one after 24 h and a confirmation',
          body: limitsChangeRequest,
          response: { 200: protectionStatus, ...errors },
        },
      },
      async (request) => {
        await protection.changeLimits(actorOf(request), request.body);
        return protection.status(playerOf(request).id);
      },
    );

    api.post(
      '/player/protection/limits/confirm',
      {
        schema: {
          ...meta,
          summary: 'Confirm a looser limit after its cooling-off: 40942 too early, 40943 nothing to confirm',
          body: limitConfirmRequest,
          response: { 200: protectionStatus, ...errors },
        },
      },
      async (request) => {
        await protection.confirmLimit(actorOf(request), request.body.key);
        return protection.status(playerOf(request).id);
      },
    );

    api.put(
      '/player/protection/reality-check',
      {
        schema: {
          ...meta,
          summary: "The reality check's interval",
          body: realityCheckChangeRequest,
          response: { 200: protectionStatus, ...errors },
        },
      },
      async (request) => {
        await protection.setRealityCheck(actorOf(request), request.body.minutes);
        return protection.status(playerOf(request).id);
      },
    );

    api.post(
      '/player/protection/reality-check/answer',
      {
        schema: {
          ...meta,
          summary: "The player's answer to a reality check, for the audit log",
          body: realityCheckAnswerRequest,
          response: { 200: done, ...errors },
        },
      },
      async (request) => {
        await protection.answerRealityCheck(actorOf(request), request.body);
        return { status: true as const };
      },
    );

    api.post(
      '/player/protection/exclusion',
      {
        schema: {
          ...meta,
          summary: 'Take a time-out (24 h to 6 weeks) or exclude yourself (6 months to 5 years): every session ends at once',
          body: exclusionRequest,
          response: { 200: exclusion, ...errors },
        },
      },
      (request) => protection.exclude(actorOf(request), request.body),
    );
  });
