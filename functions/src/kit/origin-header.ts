import { timingSafeEqual } from 'node:crypto';
import { METRICS, ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_ROTATION_MARK } from '@goldbot/shared';
import { ForbiddenError } from '../domain/errors.js';
import { emitCount } from './metrics.js';

/**
 * The check that a request came through CloudFront: CloudFront adds ORIGIN_VERIFY_HEADER with the
 * secret's `current` value; the kit accepts `current` or, during a rotation, `previous`
 * (docs/operations.md "Rotating the origin header"). The values are read at cold start and again
 * after ACCEPTED_VALUES_MAX_AGE_SECONDS (by the one secret reader wiring/origin-header-check.ts passes in,
 * which keeps them that long), so a rotation reaches every function within that time. After a
 * rotation CloudFront sends `<value>;rotation=<tag>` (ORIGIN_VERIFY_ROTATION_MARK): the tag only
 * makes the rotation change the web stack's template, so the value before it is what is compared.
 * Every refusal is counted (metric OriginCheckRefusals, the alarm of the same name): a rotation
 * gone wrong refuses every call through the site, and `health`, which skips the check, cannot show it.
 * On only where the deployment sets ORIGIN_SECRET_ARN (AWS); locally and in --bundled mode there is
 * no CloudFront.
 */
export const ACCEPTED_VALUES_MAX_AGE_SECONDS = 5 * 60;

export const ORIGIN_REFUSED_MESSAGE = 'Requests to the API must come through the site.';

/**
 * Reads the accepted values, kept for at most ACCEPTED_VALUES_MAX_AGE_SECONDS; wiring/origin-header-check.ts
 * passes the one secret reader (its client loaded only when needed), so the kit loads no client.
 */
export type AcceptedValuesLoader = (secretArn: string) => Promise<readonly string[]>;

/** `{"current": "...", "previous": "..."}`: the non-empty values, current first. */
export function acceptedValuesOf(secretString: string | undefined): string[] {
  if (!secretString) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(secretString);
  } catch {
    return [];
  }
  const record = (parsed ?? {}) as Record<string, unknown>;
  return [record.current, record.previous].filter((v): v is string => typeof v === 'string' && v.length >= 16);
}

/** The secret value in a header CloudFront sent: everything before the rotation tag, if there is one. */
export function presentedValue(header: string): string {
  const mark = header.indexOf(ORIGIN_VERIFY_ROTATION_MARK);
  return mark === -1 ? header : header.slice(0, mark);
}

const countRefusal = () => emitCount(METRICS.originCheckRefusals.name, METRICS.originCheckRefusals.dimensions);

const sameValue = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Throws ForbiddenError (403) unless the request carries an accepted value. */
export type OriginCheck = (headers: Readonly<Record<string, string | undefined>>) => Promise<void>;

export function createOriginCheck(
  secretArn: string | undefined,
  load: AcceptedValuesLoader,
  onRefusal: () => void = countRefusal,
): OriginCheck | null {
  if (!secretArn) return null;
  // One read at a time: the cold-start read below and a request that arrives during it share it.
  let pending: Promise<readonly string[]> | undefined;
  const values = (): Promise<readonly string[]> => {
    pending ??= load(secretArn).finally(() => {
      pending = undefined;
    });
    return pending;
  };
  // Cold start: the read starts with the module, before the first request needs it.
  values().catch(() => undefined);
  const refuse = () => {
    onRefusal();
    return new ForbiddenError(ORIGIN_REFUSED_MESSAGE);
  };
  return async (headers) => {
    const header = headers[ORIGIN_VERIFY_HEADER];
    if (!header) throw refuse();
    const given = presentedValue(header);
    const accepted = await values();
    if (!accepted.some((value) => sameValue(given, value))) throw refuse();
  };
}
