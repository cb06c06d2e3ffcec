import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { createGoldbotApp, type GoldbotAppOptions, type GoldbotStacks } from '../../lib/goldbot-app.js';
import { REPO_ROOT } from '../../lib/paths.js';
import { DEFAULT_SETTINGS } from '../../lib/settings.js';

/** The feature flags and context of cdk.json, so the tests check the same app `cdk synth` builds. */
const cdkJsonContext = (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: object }).context;

export interface SynthOptions extends GoldbotAppOptions {
  /** Extra CDK context (e.g. the Google settings). */
  readonly context?: Record<string, unknown>;
}

export interface SynthResult {
  readonly app: App;
  readonly stacks: GoldbotStacks;
  /** `edge` only when the WAF is on (the default). */
  readonly templates: Readonly<Record<Exclude<keyof GoldbotStacks, 'edge'>, Template>> & { readonly edge?: Template };
  /** Removes the cloud assembly written to a temp folder. */
  readonly cleanup: () => void;
}

export function synthGoldbot(options: SynthOptions = {}): SynthResult {
  const outdir = mkdtempSync(join(tmpdir(), 'goldbot-cdk-test-'));
  const app = new App({
    outdir,
    context: {
      ...cdkJsonContext,
      // Skip esbuild for every stack: the templates are what is checked, and bundling all
      // handlers would cost minutes. `npx cdk synth` does the real bundling.
      'aws:cdk:bundling-stacks': [],
      // Explicit (default) values keep the "using default context" warning out of the test output.
      appUrl: DEFAULT_SETTINGS.appUrl,
      mailFrom: DEFAULT_SETTINGS.mailFrom,
      ...options.context,
    },
  });
  const stacks = createGoldbotApp(app, options);
  const templates = {
    data: Template.fromStack(stacks.data),
    auth: Template.fromStack(stacks.auth),
    api: Template.fromStack(stacks.api),
    web: Template.fromStack(stacks.web),
    ...(stacks.edge ? { edge: Template.fromStack(stacks.edge) } : {}),
  };
  return { app, stacks, templates, cleanup: () => rmSync(outdir, { recursive: true, force: true }) };
}

/** A minimal Vite-like build (index.html + hashed assets) to exercise the upload path. */
export function fakeWebDist(): { path: string; cleanup: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'goldbot-web-dist-'));
  mkdirSync(join(path, 'assets'));
  writeFileSync(join(path, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(path, 'assets', 'index-abc123.js'), 'console.log(1);');
  return { path, cleanup: () => rmSync(path, { recursive: true, force: true }) };
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/** All resources of one type, keyed by logical id. */
export function resourcesOfType(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** Every IAM policy statement of a template (inline role policies and AWS::IAM::Policy documents). */
export function policyStatements(template: Template): Array<Record<string, unknown>> {
  const statements: Array<Record<string, unknown>> = [];
  const collect = (doc: unknown) => {
    const list = (doc as { Statement?: unknown } | undefined)?.Statement;
    if (Array.isArray(list)) statements.push(...(list as Array<Record<string, unknown>>));
  };
  for (const policy of Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))) {
    collect(policy.Properties?.PolicyDocument);
  }
  for (const role of Object.values(resourcesOfType(template, 'AWS::IAM::Role'))) {
    const inline = role.Properties?.Policies;
    if (Array.isArray(inline)) for (const p of inline as Array<{ PolicyDocument?: unknown }>) collect(p.PolicyDocument);
  }
  return statements;
}

export const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
