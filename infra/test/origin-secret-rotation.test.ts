// The handler kit reads the functions' configuration when it is loaded: the unit tests' fake one,
// imported first so it is in place before the kit below.
import '../../functions/test/setup-env.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { implementedRoutes, ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_ROTATION_MARK } from '@goldbot/shared';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as originHeader from '../../functions/src/kit/origin-header.js';
import { readAcceptedValues } from '../../functions/src/wiring/origin-header-check.js';
import { REPO_ROOT } from '../lib/paths.js';
import { ORIGIN_CHECK_REFUSALS } from '../lib/constructs/operations-alarms.js';
import { originVerifyHeaderValue } from '../lib/web-stack.js';
import { resourcesOfType, useSynth, type SynthResult } from './helpers/synth.js';

/**
 * Rotating the origin header's secret (docs/operations.md, "Rotating the origin header"), walked
 * through against the synthesized templates. CloudFormation resolves a `{{resolve:secretsmanager}}`
 * reference only when it creates or updates the resource holding it, and `cdk deploy` leaves a
 * resource alone whose template did not change; the walk-through models exactly that, and runs the
 * handler kit's own origin check against what CloudFront would send after each step.
 *
 * One origin-checked route is enough: the header and its secret do not depend on the route table.
 */
const routes = implementedRoutes().filter((route) => route.id === 'packages-list');
const TAG = '2';
const untagged = useSynth({ routes, jobs: [] });
const tagged = useSynth({ routes, jobs: [], context: { originSecretRotation: TAG } });
const taggedAgain = useSynth({ routes, jobs: [], context: { originSecretRotation: TAG } });

type Json = unknown;
interface Origin {
  OriginCustomHeaders?: Array<{ HeaderName: string; HeaderValue: Json }>;
}

const distributionConfig = (synth: SynthResult): { Origins: Origin[] } & Record<string, Json> => {
  const [distribution] = Object.values(resourcesOfType(synth.templates.web, 'AWS::CloudFront::Distribution'));
  return distribution?.Properties?.DistributionConfig as { Origins: Origin[] };
};

const originHeaderValue = (synth: SynthResult): Json => {
  const headers = distributionConfig(synth).Origins.flatMap((origin) => origin.OriginCustomHeaders ?? []);
  expect(headers.map((h) => h.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
  return headers[0]?.HeaderValue;
};

/** The logical id of the API stack's secret a web-stack value refers to (through Fn::GetStackOutput). */
function referencedSecret(synth: SynthResult, value: Json): string {
  const getOutput = (value as { 'Fn::GetStackOutput'?: { StackName: string; OutputName: string } })[
    'Fn::GetStackOutput'
  ];
  expect(getOutput?.StackName).toBe('Goldbot-Api');
  const outputs = (synth.deployedTemplates['Goldbot-Api']?.toJSON() as { Outputs: Record<string, { Value: Json }> })
    .Outputs;
  const ref = (outputs[getOutput?.OutputName ?? '']?.Value as { Ref?: string } | undefined)?.Ref;
  if (!ref) throw new Error('the header does not name an output of Goldbot-Api');
  return ref;
}

/**
 * The header value CloudFront holds after CloudFormation resolved the template's value against the
 * secret as it is at that moment: the `current` key of the secret the API stack generated.
 */
function resolveHeader(synth: SynthResult, value: Json, secret: { current: string }): string {
  const parts: Json[] =
    typeof value === 'string' ? [value] : (value as { 'Fn::Join': [string, Json[]] })['Fn::Join'][1];
  const text = parts
    .map((part) => {
      if (typeof part === 'string') return part;
      expect(referencedSecret(synth, part)).toMatch(/^OriginVerifySecret/);
      return '<secret>';
    })
    .join('');
  const reference = '{{resolve:secretsmanager:<secret>:SecretString:current::}}';
  expect(text.split(reference)).toHaveLength(2);
  return text.replace(reference, secret.current);
}

/** The numbered steps of the rotation in docs/operations.md, by number. */
function rotationSteps(): Map<number, string> {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
  const start = doc.indexOf('_Rotating the origin header_');
  const end = doc.indexOf('**Without the custom domain**', start);
  expect(start).toBeGreaterThan(0);
  const section = doc.slice(start, end);
  const steps = new Map<number, string>();
  for (const match of section.matchAll(/^(\d)\. ([\s\S]*?)(?=^\d\. |$(?![\s\S]))/gm)) {
    steps.set(Number(match[1]), match[2] ?? '');
  }
  return steps;
}

/** The `--secret-string '...'` a step puts, with its placeholders filled in. */
function secretStringOf(step: string, fill: Record<string, string>): { current: string; previous: string } {
  const json = /'(\{"current":.*?\})'|`(\{"current":.*?\})`/.exec(step);
  const text = json?.[1] ?? json?.[2];
  if (!text) throw new Error(`no secret JSON in the step: ${step}`);
  const filled = text.replace(/<[^>]+>/g, (placeholder) => {
    const value = fill[placeholder];
    if (value === undefined) throw new Error(`no value for ${placeholder}`);
    return value;
  });
  return JSON.parse(filled) as { current: string; previous: string };
}

describe('the rotation tag (context originSecretRotation)', () => {
  it('changes the distribution config, so CloudFormation updates it and resolves the secret again', () => {
    expect(distributionConfig(tagged())).not.toEqual(distributionConfig(untagged()));
    // Only the header differs: the rotation touches nothing else of the distribution.
    const withoutHeaders = (config: { Origins: Origin[] }) => ({
      ...config,
      Origins: config.Origins.map(({ OriginCustomHeaders: _headers, ...origin }) => origin),
    });
    expect(withoutHeaders(distributionConfig(tagged()))).toEqual(withoutHeaders(distributionConfig(untagged())));
  });

  it('gives the same config for the same tag: a deploy that keeps the tag leaves the distribution alone', () => {
    expect(distributionConfig(taggedAgain())).toEqual(distributionConfig(tagged()));
  });

  it('appends the tag URI-encoded after the rotation mark, and nothing without one', () => {
    expect(originVerifyHeaderValue('v', undefined)).toBe('v');
    expect(originVerifyHeaderValue('v', '2026-05-01')).toBe(`v${ORIGIN_VERIFY_ROTATION_MARK}2026-05-01`);
    expect(originVerifyHeaderValue('v', 'by Ana; again')).toBe('v;rotation=by%20Ana%3B%20again');
  });

  it('sends the secret the origin-checked functions read (ORIGIN_SECRET_ARN)', () => {
    const fns = Object.values(resourcesOfType(tagged().templates.api, 'AWS::Lambda::Function'));
    const arns = fns
      .map((fn) => (fn.Properties?.Environment as { Variables?: Record<string, Json> } | undefined)?.Variables)
      .map((env) => (env?.ORIGIN_SECRET_ARN as { Ref?: string } | undefined)?.Ref)
      .filter((ref): ref is string => ref !== undefined);
    expect(arns).toHaveLength(1);
    const header = originHeaderValue(tagged()) as { 'Fn::Join': [string, Json[]] };
    const secretPart = header['Fn::Join'][1].find((part) => typeof part !== 'string');
    expect(referencedSecret(tagged(), secretPart)).toBe(arns[0]);
  });
});

describe('the rotation steps of docs/operations.md, walked through against the templates', () => {
  const secretsManager = mockClient(SecretsManagerClient);
  let deployments = 0;
  beforeAll(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.setSystemTime(new Date('2026-06-01T12:00:00Z')));
  afterAll(() => {
    vi.useRealTimers();
    secretsManager.restore();
  });
  const OLD = 'o'.repeat(48);
  const NEW = 'n'.repeat(48);

  /**
   * One deployment: the secret as Secrets Manager holds it, the distribution's config as last
   * deployed and the header value CloudFront resolved then, and a function of the API whose origin
   * check reads the secret through the functions' own secret reader (Secrets Manager mocked, the
   * clock faked), which reads it again once ACCEPTED_VALUES_MAX_AGE_SECONDS have passed.
   */
  async function deployment(template: SynthResult) {
    let secret = { current: OLD, previous: '' };
    let deployed = {
      config: distributionConfig(template),
      header: resolveHeader(template, originHeaderValue(template), secret),
    };
    secretsManager.reset();
    secretsManager.on(GetSecretValueCommand).callsFake(() => ({ SecretString: JSON.stringify(secret) }));
    deployments += 1;
    // A secret id of its own per deployment: the reader's cache lives as long as the module.
    const check = originHeader.createOriginCheck(
      `arn:aws:secretsmanager:eu-west-1:123456789012:secret:origin-${deployments}`,
      readAcceptedValues,
      () => undefined,
    );
    if (!check) throw new Error('check expected');
    // The site in use before the rotation: the function's cold-start read of the secret is done.
    await check({ [ORIGIN_VERIFY_HEADER]: deployed.header });
    return {
      putSecret(value: typeof secret) {
        secret = value;
      },
      wait(ms: number) {
        vi.setSystemTime(Date.now() + ms);
      },
      /** `cdk deploy`: CloudFormation updates the distribution (resolving the secret) only when its config changed. */
      deploy(next: SynthResult): boolean {
        const config = distributionConfig(next);
        if (JSON.stringify(config) === JSON.stringify(deployed.config)) return false;
        deployed = { config, header: resolveHeader(next, originHeaderValue(next), secret) };
        return true;
      },
      sentByCloudFront: () => deployed.header,
      /** The function's answer to a request with this header value. */
      async presenting(header: string): Promise<'accepted' | 'refused'> {
        return check({ [ORIGIN_VERIFY_HEADER]: header }).then(
          () => 'accepted' as const,
          () => 'refused' as const,
        );
      },
      /** A request through the site: the header CloudFront sends. */
      throughTheSite(): Promise<'accepted' | 'refused'> {
        return this.presenting(deployed.header);
      },
    };
  }

  it('has five steps that name the secret JSON, the wait, the tag, the check of what CloudFront sends and the alarm', () => {
    const steps = rotationSteps();
    expect([...steps.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect(steps.get(1)).toContain('put-secret-value');
    expect(steps.get(2)).toMatch(/Wait 5 minutes/);
    expect(originHeader.ACCEPTED_VALUES_MAX_AGE_SECONDS).toBeLessThanOrEqual(5 * 60);
    expect(steps.get(3)).toContain('-c originSecretRotation=<new tag>');
    expect(steps.get(4)).toContain(`HeaderName=='${ORIGIN_VERIFY_HEADER}'`);
    expect(steps.get(4)).toContain(`"$NEW${ORIGIN_VERIFY_ROTATION_MARK}<new tag>"`);
    expect(steps.get(5)).toContain('`OriginCheckRefusals`');
    expect(ORIGIN_CHECK_REFUSALS.metricName).toBe('OriginCheckRefusals');
    // The alarm table of the same document states the alarm's real threshold.
    expect(readFileSync(join(REPO_ROOT, 'docs', 'operations.md'), 'utf8')).toMatch(
      new RegExp(
        `\\| \`OriginCheckRefusals\` +\\| ${ORIGIN_CHECK_REFUSALS.threshold} or more API requests in 5 minutes`,
      ),
    );
    const alarms = Object.keys(resourcesOfType(untagged().templates.api, 'AWS::CloudWatch::Alarm'));
    expect(alarms.some((id) => id.startsWith('OperationsAlarmsOriginCheckRefusals'))).toBe(true);
  });

  it('keeps every request through the site accepted, and ends with CloudFront sending only the new value', async () => {
    const steps = rotationSteps();
    // Just past the reader's max age (a value exactly that old is still kept).
    const ttl = originHeader.ACCEPTED_VALUES_MAX_AGE_SECONDS * 1000 + 1000;
    const aws = await deployment(untagged());
    expect(aws.sentByCloudFront()).toBe(OLD);
    expect(await aws.throughTheSite()).toBe('accepted');

    // 1. The new value as current, the old one as previous.
    aws.putSecret(
      secretStringOf(steps.get(1) ?? '', {
        '<48 new random letters and digits>': NEW,
        '<the old current>': OLD,
      }),
    );
    expect(await aws.throughTheSite()).toBe('accepted');
    // 2. Five minutes: the functions have read both values.
    aws.wait(ttl);
    expect(await aws.throughTheSite()).toBe('accepted');
    // 3. A deploy with a new tag updates the distribution, which resolves the new current.
    expect(aws.deploy(tagged())).toBe(true);
    expect(await aws.throughTheSite()).toBe('accepted');
    // 4. What CloudFront sends is what the step's check expects.
    expect(aws.sentByCloudFront()).toBe(`${NEW}${ORIGIN_VERIFY_ROTATION_MARK}${TAG}`);
    // 5. Previous cleared: the old value is refused once the functions read it again, and the site still works.
    aws.putSecret(secretStringOf(steps.get(5) ?? '', { '<new>': NEW }));
    expect(aws.deploy(taggedAgain())).toBe(false);
    aws.wait(ttl);
    expect(await aws.throughTheSite()).toBe('accepted');
    expect(await aws.presenting(OLD)).toBe('refused');
  });

  it('shows why the tag is needed: a deploy without a new one leaves CloudFront on the old value, refused after step 5', async () => {
    const steps = rotationSteps();
    // Just past the reader's max age (a value exactly that old is still kept).
    const ttl = originHeader.ACCEPTED_VALUES_MAX_AGE_SECONDS * 1000 + 1000;
    const aws = await deployment(untagged());
    aws.putSecret(
      secretStringOf(steps.get(1) ?? '', { '<48 new random letters and digits>': NEW, '<the old current>': OLD }),
    );
    aws.wait(ttl);
    expect(aws.deploy(untagged())).toBe(false);
    expect(aws.sentByCloudFront()).toBe(OLD);
    aws.putSecret(secretStringOf(steps.get(5) ?? '', { '<new>': NEW }));
    aws.wait(ttl);
    // Step 4's check would have printed "NOT YET"; skipping it, every origin-checked route answers 403
    // and OriginCheckRefusals fires.
    expect(aws.sentByCloudFront()).not.toBe(`${NEW}${ORIGIN_VERIFY_ROTATION_MARK}${TAG}`);
    expect(await aws.throughTheSite()).toBe('refused');
  });
});
