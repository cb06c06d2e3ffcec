import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { METRICS, ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_ROTATION_MARK } from '@goldbot/shared';
import { ForbiddenError } from '../../src/domain/errors.js';
import { handler as health } from '../../src/handlers/health.js';
import { defineHandler } from '../../src/kit/define-handler.js';
import { ok } from '../../src/kit/http-response.js';
import {
  ACCEPTED_VALUES_MAX_AGE_SECONDS,
  acceptedValuesOf,
  createOriginCheck,
  ORIGIN_REFUSED_MESSAGE,
  presentedValue,
} from '../../src/kit/origin-header.js';
import { originCheck, readAcceptedValues } from '../../src/wiring/origin-header-check.js';
import { httpEvent, invoke } from '../helpers/lambda.js';

const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:goldbot-origin-AbCdEf';
const CURRENT = 'c'.repeat(48);
const PREVIOUS = 'p'.repeat(48);
/** Refusals counted nowhere: the metric line is checked once, below, and would only clutter the output. */
const quiet = () => undefined;

/** A loader that counts its reads and answers what `values` holds at the time. */
function loader(values: { current: string; previous: string }) {
  const calls: string[] = [];
  const load = async (arn: string) => {
    calls.push(arn);
    return acceptedValuesOf(JSON.stringify(values));
  };
  return { load, calls };
}

afterEach(() => vi.useRealTimers());

describe('the origin header check', () => {
  it('is off without ORIGIN_SECRET_ARN: locally, in --bundled mode and in these tests', () => {
    expect(createOriginCheck(undefined, readAcceptedValues)).toBeNull();
    expect(originCheck).toBeNull();
  });

  it('accepts the current value and, during a rotation, the previous one; refuses the rest with 403', async () => {
    const { load } = loader({ current: CURRENT, previous: PREVIOUS });
    const check = createOriginCheck(ARN, load, quiet);
    if (!check) throw new Error('check expected');
    await expect(check({ [ORIGIN_VERIFY_HEADER]: CURRENT })).resolves.toBeUndefined();
    await expect(check({ [ORIGIN_VERIFY_HEADER]: PREVIOUS })).resolves.toBeUndefined();
    for (const headers of [
      {},
      { [ORIGIN_VERIFY_HEADER]: 'x'.repeat(48) },
      { [ORIGIN_VERIFY_HEADER]: CURRENT.slice(1) },
    ]) {
      const refusal = await check(headers).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ForbiddenError);
      expect((refusal as ForbiddenError).message).toBe(ORIGIN_REFUSED_MESSAGE);
    }
  });

  it('compares the value before the rotation tag CloudFront appends after a rotation, never the tag', async () => {
    const { load } = loader({ current: CURRENT, previous: PREVIOUS });
    const check = createOriginCheck(ARN, load, quiet);
    if (!check) throw new Error('check expected');
    const tagged = (value: string, tag: string) => `${value}${ORIGIN_VERIFY_ROTATION_MARK}${tag}`;
    expect(tagged(CURRENT, '2')).toBe(`${CURRENT};rotation=2`);
    await expect(check({ [ORIGIN_VERIFY_HEADER]: tagged(CURRENT, '2') })).resolves.toBeUndefined();
    await expect(check({ [ORIGIN_VERIFY_HEADER]: tagged(PREVIOUS, '2026-05-01') })).resolves.toBeUndefined();
    for (const header of [
      tagged('x'.repeat(48), '2'),
      tagged('', CURRENT),
      `${CURRENT};rotation`,
      `${CURRENT}x${ORIGIN_VERIFY_ROTATION_MARK}2`,
    ]) {
      await expect(check({ [ORIGIN_VERIFY_HEADER]: header }), header).rejects.toBeInstanceOf(ForbiddenError);
    }
    expect(presentedValue(`${CURRENT};rotation=a;rotation=b`)).toBe(CURRENT);
    expect(presentedValue(CURRENT)).toBe(CURRENT);
  });

  it('counts every refusal and nothing else (the OriginCheckRefusals alarm sums the count)', async () => {
    const { load } = loader({ current: CURRENT, previous: '' });
    const refusals: string[] = [];
    const check = createOriginCheck(ARN, load, () => refusals.push('refused'));
    if (!check) throw new Error('check expected');
    await check({ [ORIGIN_VERIFY_HEADER]: CURRENT });
    await check({ [ORIGIN_VERIFY_HEADER]: `${CURRENT};rotation=3` });
    expect(refusals).toHaveLength(0);
    await check({}).catch(() => undefined);
    await check({ [ORIGIN_VERIFY_HEADER]: PREVIOUS }).catch(() => undefined);
    expect(refusals).toHaveLength(2);
  });

  it('emits the refusal as the OriginCheckRefusals metric (embedded metric format) by default', async () => {
    const { load } = loader({ current: CURRENT, previous: '' });
    const check = createOriginCheck(ARN, load);
    if (!check) throw new Error('check expected');
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await check({ [ORIGIN_VERIFY_HEADER]: CURRENT });
      expect(write).not.toHaveBeenCalled();
      await expect(check({ [ORIGIN_VERIFY_HEADER]: 'x'.repeat(48) })).rejects.toBeInstanceOf(ForbiddenError);
      expect(write).toHaveBeenCalledTimes(1);
      const line = JSON.parse(String(write.mock.calls[0]?.[0])) as Record<string, unknown>;
      expect(line).toMatchObject({
        _aws: {
          CloudWatchMetrics: [
            {
              Namespace: METRICS.namespace,
              Dimensions: [['service']],
              Metrics: [{ Name: 'OriginCheckRefusals', Unit: 'Count' }],
            },
          ],
        },
        service: 'api',
        OriginCheckRefusals: 1,
      });
    } finally {
      write.mockRestore();
    }
  });

  it('ignores an empty or short previous value (no rotation under way)', () => {
    expect(acceptedValuesOf(JSON.stringify({ current: CURRENT, previous: '' }))).toEqual([CURRENT]);
    expect(acceptedValuesOf('not json')).toEqual([]);
    expect(acceptedValuesOf(undefined)).toEqual([]);
  });

  it('reads the values at cold start and again only after a few minutes, so a rotation arrives in time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T12:00:00Z'));
    const secrets = mockClient(SecretsManagerClient);
    try {
      const values = { current: CURRENT, previous: '' };
      secrets.on(GetSecretValueCommand).callsFake(() => ({ SecretString: JSON.stringify(values) }));
      const arn = `${ARN}-rotation`;
      const check = createOriginCheck(arn, readAcceptedValues, quiet);
      if (!check) throw new Error('check expected');
      await check({ [ORIGIN_VERIFY_HEADER]: CURRENT });
      // The cold-start read began with the check itself, and the request used it.
      expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
      values.current = 'n'.repeat(48);
      values.previous = CURRENT;
      vi.setSystemTime(new Date(Date.parse('2026-06-01T12:00:00Z') + ACCEPTED_VALUES_MAX_AGE_SECONDS * 1000));
      await expect(check({ [ORIGIN_VERIFY_HEADER]: 'n'.repeat(48) })).rejects.toBeInstanceOf(ForbiddenError);
      expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(1);
      vi.setSystemTime(new Date(Date.parse('2026-06-01T12:00:01Z') + ACCEPTED_VALUES_MAX_AGE_SECONDS * 1000));
      await check({ [ORIGIN_VERIFY_HEADER]: 'n'.repeat(48) });
      await check({ [ORIGIN_VERIFY_HEADER]: CURRENT });
      expect(secrets.commandCalls(GetSecretValueCommand)).toHaveLength(2);
      expect(ACCEPTED_VALUES_MAX_AGE_SECONDS).toBeLessThanOrEqual(5 * 60);
    } finally {
      secrets.restore();
    }
  });

  it('reads the secret with the one secret reader (Secrets Manager) in wiring/origin-header-check.ts', async () => {
    const secrets = mockClient(SecretsManagerClient);
    try {
      secrets.on(GetSecretValueCommand).resolves({ SecretString: JSON.stringify({ current: CURRENT, previous: '' }) });
      const check = createOriginCheck(ARN, readAcceptedValues);
      if (!check) throw new Error('check expected');
      await expect(check({ [ORIGIN_VERIFY_HEADER]: CURRENT })).resolves.toBeUndefined();
      expect(secrets.commandCalls(GetSecretValueCommand)[0]?.args[0].input).toEqual({ SecretId: ARN });
    } finally {
      secrets.restore();
    }
  });
});

describe('the handler kit with the check on', () => {
  const { load } = loader({ current: CURRENT, previous: '' });
  const packages = defineHandler(
    { route: 'packages-list', checks: { originCheck: createOriginCheck(ARN, load, quiet) } },
    async () => ok({ packages: [] }),
  );

  it('answers 403 with the API error shape before the handler runs, and 200 with the header', async () => {
    const refused = await invoke(packages, httpEvent({ routeId: 'packages-list' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ message: ORIGIN_REFUSED_MESSAGE });
    const passed = await invoke(
      packages,
      httpEvent({ routeId: 'packages-list', headers: { [ORIGIN_VERIFY_HEADER]: CURRENT } }),
    );
    expect(passed.statusCode).toBe(200);
  });

  it('leaves health without the check: it answers a direct call', async () => {
    const res = await invoke(health, httpEvent({ routeId: 'health' }));
    expect(res.statusCode).toBe(200);
  });
});
