import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TokenClaims } from '@reelcast/protocol';

/**
 * A module's routes: registered on the app with the services it names in `Deps` and nothing else. The
 * composition root (server/routes.ts) is the one place that knows every module and hands each its own.
 */
export type RouteModule<Deps> = (app: FastifyInstance, deps: Deps) => void;

/** What the kernel asks of sign-in (auth/ gives it): a live token's claims, or null. */
export interface Authenticator {
  authenticate(token: string): Promise<TokenClaims | null>;
}

export const zod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
