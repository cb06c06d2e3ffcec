import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Sample Lambda events: one `<route id>.json` per implemented route of shared/src/routes.ts, as
 * API Gateway HTTP API sends them (payload format 2.0; JWT claims in
 * `requestContext.authorizer.jwt.claims` for user and admin routes). `npm run invoke -- <id>`
 * and `sam local invoke -e events/<id>.json` send them; shared/test/route-table.test.ts checks
 * that every implemented route has one and that it matches its route.
 */
const ROUTE_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Absolute path of events/<routeId>.json (the id must be a route id, never a path). */
export function sampleEventFile(routeId: string): string {
  if (!ROUTE_ID.test(routeId)) throw new Error(`Not a route id: "${routeId}"`);
  return fileURLToPath(new URL(`./${routeId}.json`, import.meta.url));
}

/** The parsed sample event of a route; a missing file fails with one clear line. */
export function readSampleEvent(routeId: string): unknown {
  const file = sampleEventFile(routeId);
  if (!existsSync(file)) throw new Error(`No sample event for route "${routeId}": create events/${routeId}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}
