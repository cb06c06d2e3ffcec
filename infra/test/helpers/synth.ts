import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, NestedStack, Stack, type CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll } from 'vitest';
import { createGoldbotApp, type GoldbotAppOptions, type GoldbotStacks } from '../../lib/goldbot-app.js';
import { REPO_ROOT } from '../../lib/paths.js';
import { DEFAULT_SETTINGS } from '../../lib/settings.js';
import { PRERENDERED_LIST_FILE } from '../../lib/web-stack.js';

/** The feature flags and context of cdk.json, so the tests check the same app `cdk synth` builds. */
const cdkJsonContext = (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: object }).context;

/**
 * The settings of a real deployment: its own site and API domains with certificates, a verified
 * sender, alarms by mail and Google sign-in. The production-readiness checks run on this synth.
 */
export const PRODUCTION_CONTEXT = {
  appUrl: 'https://www.example.com',
  mailFrom: 'no-reply@example.com',
  alarmEmail: 'ops@example.com',
  googleClientId: 'prod-client.apps.googleusercontent.com',
  googleClientSecretName: 'goldbot/google-client-secret',
  cognitoDomainPrefix: 'goldbot-prod',
  siteDomainName: 'www.example.com',
  apiDomainName: 'api.example.com',
  apiCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/0a1b2c3d-aaaa-bbbb-cccc-1234567890ab',
} as const;

export interface SynthOptions extends GoldbotAppOptions {
  /** Extra CDK context (e.g. the Google settings). */
  readonly context?: Record<string, unknown>;
}

export interface SynthResult {
  readonly app: App;
  readonly stacks: GoldbotStacks;
  /**
   * `edge` only when the WAF is on (the default). `api` is the API stack with its nested route stacks
   * folded in (flattenNestedStacks), so assertions read one template as CloudFormation resolves it.
   */
  readonly templates: Readonly<Record<Exclude<keyof GoldbotStacks, 'edge'>, Template>> & { readonly edge?: Template };
  /** Every template CloudFormation deploys, nested ones included, by stack path (the resource limit is per template). */
  readonly deployedTemplates: Readonly<Record<string, Template>>;
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
      // A site domain brings its own appUrl (settings.ts), so the local default would clash with it.
      ...(options.context?.siteDomainName === undefined ? { appUrl: DEFAULT_SETTINGS.appUrl } : {}),
      mailFrom: DEFAULT_SETTINGS.mailFrom,
      ...options.context,
    },
  });
  const stacks = createGoldbotApp(app, options);
  const templates = {
    data: Template.fromStack(stacks.data),
    auth: Template.fromStack(stacks.auth),
    api: flattenNestedStacks(stacks.api),
    web: Template.fromStack(stacks.web),
    ...(stacks.edge ? { edge: Template.fromStack(stacks.edge) } : {}),
  };
  const deployedTemplates = Object.fromEntries(
    app.node
      .findAll()
      .filter((c): c is Stack => Stack.isStack(c))
      .map((stack) => [stack.node.path, Template.fromStack(stack)]),
  );
  return {
    app,
    stacks,
    templates,
    deployedTemplates,
    cleanup: () => rmSync(outdir, { recursive: true, force: true }),
  };
}

type TemplateJson = {
  Resources: Record<string, { Type: string; Properties?: Record<string, unknown>; DependsOn?: string | string[] }>;
  Outputs?: Record<string, { Value: unknown }>;
  Parameters?: Record<string, unknown>;
};

/** A copy of `value` with `replace` applied to every object it holds (depth first); undefined keeps the object. */
function rewrite(value: unknown, replace: (node: Record<string, unknown>) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => rewrite(item, replace));
  if (value === null || typeof value !== 'object') return value;
  const replaced = replace(value as Record<string, unknown>);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, replace)]));
}

/**
 * One template for a stack and its nested stacks, as CloudFormation resolves them: a nested
 * resource's `Ref` to one of its parameters becomes the value the parent passes, a parent's
 * `Fn::GetAtt [<nested stack>, Outputs.X]` becomes the nested output's value, and a `DependsOn` on a
 * nested stack becomes one on each of its resources. Assertions then read the same references and
 * order whether a resource sits in the parent or in a nested stack.
 */
export function flattenNestedStacks(parent: Stack): Template {
  const json = Template.fromStack(parent).toJSON() as TemplateJson;
  const resources = { ...json.Resources };
  const nestedOutputs = new Map<string, Map<string, unknown>>();
  const nestedResourceIds = new Map<string, string[]>();
  for (const nested of parent.node.findAll().filter((c): c is NestedStack => NestedStack.isNestedStack(c))) {
    if (nested.nestedStackParent !== parent) continue;
    const resourceId = parent.getLogicalId(nested.nestedStackResource as CfnElement);
    const parameters = (resources[resourceId]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
    const inner = flattenNestedStacks(nested).toJSON() as TemplateJson;
    const resolveParameters = (value: unknown) =>
      rewrite(value, (node) => {
        const keys = Object.keys(node);
        const ref = node.Ref;
        return keys.length === 1 && typeof ref === 'string' && ref in parameters ? parameters[ref] : undefined;
      });
    for (const [id, resource] of Object.entries(inner.Resources)) {
      resources[id] = resolveParameters(resource) as TemplateJson['Resources'][string];
    }
    nestedOutputs.set(
      resourceId,
      new Map(Object.entries(inner.Outputs ?? {}).map(([name, output]) => [name, resolveParameters(output.Value)])),
    );
    nestedResourceIds.set(resourceId, Object.keys(inner.Resources));
    delete resources[resourceId];
  }
  const resolveOutputs = (value: unknown) =>
    rewrite(value, (node) => {
      const getAtt = node['Fn::GetAtt'];
      if (Object.keys(node).length !== 1 || !Array.isArray(getAtt)) return undefined;
      const [id, attribute] = getAtt as [string, string];
      const outputs = nestedOutputs.get(id);
      return outputs && attribute.startsWith('Outputs.') ? outputs.get(attribute.slice('Outputs.'.length)) : undefined;
    });
  for (const [id, resource] of Object.entries(resources)) {
    const dependsOn = asArray(resource.DependsOn).flatMap((dep) => nestedResourceIds.get(dep) ?? [dep]);
    resources[id] = {
      ...(resolveOutputs(resource) as TemplateJson['Resources'][string]),
      ...(dependsOn.length > 0 ? { DependsOn: dependsOn } : {}),
    };
  }
  const outputs = resolveOutputs(json.Outputs ?? {}) as TemplateJson['Outputs'];
  return Template.fromJSON(
    { ...json, Resources: resources, Outputs: outputs },
    { skipCyclicalDependenciesCheck: true },
  );
}

/**
 * A minimal build as `npm run build` writes it (the home page prerendered, its list, hashed assets)
 * to exercise the upload path.
 */
export function fakeWebDist(): { path: string; cleanup: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'goldbot-web-dist-'));
  mkdirSync(join(path, 'assets'));
  writeFileSync(join(path, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(path, PRERENDERED_LIST_FILE), JSON.stringify({ pages: ['/'] }));
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

/**
 * Synthesises the app once for the calling test file (or describe block) and removes its cloud
 * assembly afterwards: call the returned function inside the tests to read the result.
 */
export function useSynth(options: SynthOptions = {}): () => SynthResult {
  let result: SynthResult | undefined;
  beforeAll(() => {
    result = synthGoldbot(options);
  });
  afterAll(() => result?.cleanup());
  return () => {
    if (!result) throw new Error('the app is synthesised in beforeAll: read it inside a test');
    return result;
  };
}
