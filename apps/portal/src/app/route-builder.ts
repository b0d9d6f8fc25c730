import { createElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { RouteHandle } from '@/shared/config/route-handle';
import type { SpecRoute } from './spec-routes';

/** What the router needs of a route besides its path and handle: its page, and a loader where it prefetches. */
export type PageEntry = Pick<RouteObject, 'lazy' | 'loader' | 'Component'>;

/**
 * A route that only sends on: its element navigates, so the route renders something (a leaf route with
 * only a redirecting loader makes React Router warn "Matched leaf route … does not have an element").
 */
export const sendOn = (to: string) => createElement(Navigate, { to, replace: true });

/**
 * The route objects of one branch (the bare pages or the shell's) from a list of app/spec-routes.ts:
 * a route with `params` becomes one route per value, each telling its page which presentation it is
 * (`handle.variant`), so any other value is an unknown path.
 */
export function routesOf<R extends SpecRoute>(
  chrome: SpecRoute['chrome'],
  routes: readonly R[],
  table: Record<Exclude<R['path'], '/' | '/game'>, PageEntry>,
): RouteObject[] {
  return routes
    .filter((route) => route.chrome === chrome)
    .flatMap((route): RouteObject[] => {
      if (route.redirect !== undefined) {
        const element = sendOn(route.redirect);
        return [route.path === '/' ? { index: true, element } : { path: route.path, element }];
      }
      const handle: RouteHandle = { ...('auth' in route ? { auth: route.auth } : {}), layout: route.layout };
      const entry = table[route.path as Exclude<R['path'], '/' | '/game'>];
      const [param] = Object.entries(route.params ?? {});
      if (!param) return [{ path: route.path, handle, ...entry }];
      const [name, values] = param;
      return values.map((value) => ({ path: route.path.replace(`:${name}`, value), handle: { ...handle, variant: value }, ...entry }));
    });
}
