import { timingSafeEqual } from 'node:crypto';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { METRICS, ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_ROTATION_MARK } from '@goldbot/shared';
import { config } from '../config.js';
import { ForbiddenError } from '../domain/errors.js';
import { emitCount } from './metrics.js';

/**
 * The check that a request came through CloudFront: CloudFront adds ORIGIN_VERIFY_HEADER with the
 * secret's `current` value; the kit accepts `current` or, during a rotation, `previous`
 * (docs/operations.md "Rotating the origin header"). The values are read at cold start and again
 * after ACCEPTED_VALUES_TTL_MS, so a rotation reaches every function within that time. After a
 * rotation CloudFront sends `<value>;rotation=<tag>` (ORIGIN_VERIFY_ROTATION_MARK): the tag only
 * makes the rotation change the web stack's template, so the value before it is what is compared.
 * Every refusal is counted (metric OriginCheckRefusals, the alarm of the same name): a rotation
 * gone wrong refuses every call through the site, and `health`, which skips the check, cannot show it.
 * On only where the deployment sets ORIGIN_SECRET_ARN (AWS); locally and in --bundled mode there is
 * no CloudFront.
 */
export const ACCEPTED_VALUES_TTL_MS = 5 * 60_000;

export const ORIGIN_REFUSED_MESSAGE = 'Requests to the API must come through the site.';

/** Reads the accepted values; the default asks Secrets Manager (its client loaded only when needed). */
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

let client: SecretsManagerClient | undefined;

const secretsManagerLoader: AcceptedValuesLoader = async (secretArn) => {
  // Imported on first use: a function without the check (or before it) never loads the client.
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  client ??= new SecretsManagerClient({ region: config.region, endpoint: config.endpoints.secretsManager });
  const answer = await client.send(new GetSecretValueCommand({ SecretId: secretArn }));
  return acceptedValuesOf(answer.SecretString);
};

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
  load: AcceptedValuesLoader = secretsManagerLoader,
  now: () => number = Date.now,
  onRefusal: () => void = countRefusal,
): OriginCheck | null {
  if (!secretArn) return null;
  let cached: { values: readonly string[]; at: number } | undefined;
  let pending: Promise<readonly string[]> | undefined;
  const values = async (): Promise<readonly string[]> => {
    if (cached && now() - cached.at < ACCEPTED_VALUES_TTL_MS) return cached.values;
    pending ??= load(secretArn)
      .then((read) => {
        cached = { values: read, at: now() };
        return read;
      })
      .finally(() => {
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

/** The check of this function: null (off) unless the deployment set ORIGIN_SECRET_ARN. */
export const originCheck = createOriginCheck(config.originSecretArn);
