import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { App } from 'aws-cdk-lib';
import { type AppSettings, readSettings } from '../../infra/lib/settings.js';

export interface PreflightOptions {
  readonly profile?: string;
  readonly region?: string;
  /** `-c key=value` pairs, as `cdk deploy` takes them. */
  readonly context: Readonly<Record<string, string>>;
  readonly help: boolean;
}

export const USAGE = `Usage: npm run preflight -- [--profile <name>] [--region <region>] [-c key=value ...]

Checks the AWS account before the first deploy (reads only, changes nothing). Pass the same
-c values as to npx cdk deploy; cdk.json's context is read as the CDK reads it.
The profile and region default to AWS_PROFILE and AWS_REGION (or the profile's region).`;

/** The command line: --profile, --region and the deploy's -c/--context values. */
export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): PreflightOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      profile: { type: 'string' },
      region: { type: 'string' },
      context: { type: 'string', short: 'c', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const context: Record<string, string> = {};
  for (const pair of values.context ?? []) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new Error(`-c takes key=value, got "${pair}"`);
    context[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return {
    profile: values.profile ?? (env.AWS_PROFILE || undefined),
    region: values.region,
    context,
    help: values.help ?? false,
  };
}

/** cdk.json's context block (the CLI merges it under the -c values). */
export function readCdkJsonContext(path: string): Record<string, unknown> {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { context?: Record<string, unknown> };
  return parsed.context ?? {};
}

/**
 * The deploy's settings, read and validated by the infra's own parser (infra/lib/settings.ts), so
 * the preflight checks exactly what `cdk deploy` would deploy and fails the same way on a bad value.
 */
export function deploySettings(
  cdkJsonContext: Record<string, unknown>,
  cliContext: Record<string, string>,
): AppSettings {
  const app = new App({ context: { ...cdkJsonContext, ...cliContext } });
  return readSettings(app.node);
}
