import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { implementedRoutes, MAX_REQUEST_BODY_BYTES, type RouteDefinition } from '@goldbot/shared';
import type * as z from '@goldbot/shared/zod';

/**
 * Every implemented route with the schemas its handler declares (defineHandler's read-only
 * `spec`, functions/src/kit/define-handler.ts): the fuzzer never keeps a copy of a schema.
 * Importing a handler validates the function config, so the caller sets the environment first.
 */
export interface RouteSpec {
  route: RouteDefinition;
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  params?: z.ZodMiniType;
  /** The body cap the kit enforces on this route. */
  maxBodyBytes: number;
  /** Rate-limit rule names the handler adds to the per-IP limit of public writes. */
  limits: string[];
}

interface DeclaredSpec {
  route: string;
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  params?: z.ZodMiniType;
  maxBodyBytes?: number;
  limits?: readonly { name: string }[];
}

const handlersDir = join(import.meta.dirname, '..', '..', 'src', 'handlers');

export async function loadRouteSpecs(routes: RouteDefinition[] = implementedRoutes()): Promise<RouteSpec[]> {
  return Promise.all(
    routes.map(async (route) => {
      const module = (await import(pathToFileURL(join(handlersDir, `${route.id}.ts`)).href)) as {
        handler?: { spec?: DeclaredSpec };
      };
      const spec = module.handler?.spec;
      if (!spec) throw new Error(`${route.id}: the handler declares no spec (is it built with defineHandler?)`);
      if (spec.route !== route.id) throw new Error(`${route.id}: the handler declares route ${spec.route}`);
      return {
        route,
        body: spec.body,
        query: spec.query,
        params: spec.params,
        maxBodyBytes: spec.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES,
        limits: (spec.limits ?? []).map((l) => l.name),
      };
    }),
  );
}
