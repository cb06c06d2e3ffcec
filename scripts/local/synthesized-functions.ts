import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The route and job functions as `cdk synth` wrote them into the cloud assembly (infra/cdk.out):
 * for each route or job id, the template and logical id of its AWS::Lambda::Function, the bundle
 * the function deploys (asset.<hash>/index.mjs), its handler, timeout and environment variables as
 * the template holds them (plain strings or CloudFormation references). `npm start -- --bundled`
 * runs these bundles, and docs/operations.md ("Running the deployed bundles") names the same files
 * for `sam local invoke`.
 */
export const CLOUD_ASSEMBLY_DIR = join('infra', 'cdk.out');

/** What the synth reads: a file under these newer than the assembly makes it stale. */
const SYNTH_INPUTS = ['functions/src', 'shared/src', 'infra/bin', 'infra/lib', 'infra/package.json', 'cdk.json'];
const LOCK_FILE = 'package-lock.json';

export type TemplateValue = string | number | boolean | Record<string, unknown> | unknown[];

export interface SynthesizedFunction {
  /**
   * The route or job id (the construct id in the CDK app): the handler is functions/src/handlers/<id>.ts;
   * for a trigger its name, functions/src/triggers/<id>.ts (TRIGGER_FUNCTION_PATHS).
   */
  id: string;
  /** The template file in the cloud assembly (a nested stack's `*.nested.template.json` for routes). */
  templateFile: string;
  logicalId: string;
  /** The bundle Lambda runs: <assembly>/asset.<hash>/index.mjs. */
  assetDir: string;
  bundleFile: string;
  /** `index.handler`: the module file's base name and its export. */
  handler: string;
  exportName: string;
  timeoutSeconds: number;
  /** Environment.Variables as written in the template. */
  environment: Record<string, TemplateValue>;
  /**
   * Where a `{"Ref": name}` of this function's template leads: the logical id in the stack that
   * holds the resource (a nested stack's parameter is followed to the parent's resource).
   */
  resolveRef(name: string): string | undefined;
}

interface Template {
  Resources?: Record<
    string,
    { Type?: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> }
  >;
  Parameters?: Record<string, unknown>;
}

const readTemplate = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Template;

/** `Goldbot-Api/Routes-auth/auth-login/Handler/Function/Resource` -> `auth-login`. */
const FUNCTION_PATH = /\/([a-z0-9-]+)\/Handler\/Function\/Resource$/;

/**
 * The functions outside the API, by their construct path in the CDK app, named after their handler
 * in functions/src/triggers: the user pool's PreSignUp trigger (only in an app synthesized with
 * Google sign-in) and the data stack's deploy-time seeding.
 */
export const TRIGGER_FUNCTION_PATHS: Readonly<Record<string, string>> = {
  'Goldbot-Auth/PreSignUpFunction/Resource': 'pre-sign-up',
  'Goldbot-Data/SeedDefaults/Function/Resource': 'seed-defaults',
};

/**
 * Every route and job function of the assembly at `assemblyDir`, by id. Other functions (the seed
 * custom resource, Cognito triggers: readSynthesizedTriggers) are left out.
 */
export function readSynthesizedFunctions(assemblyDir: string): Map<string, SynthesizedFunction> {
  return readFunctions(assemblyDir, (cdkPath) => FUNCTION_PATH.exec(cdkPath)?.[1]);
}

/**
 * The trigger functions of the assembly (TRIGGER_FUNCTION_PATHS) that it holds bundled, by the name
 * of their handler: what the bundled smoke pass runs besides the routes and jobs.
 */
export function readSynthesizedTriggers(assemblyDir: string): Map<string, SynthesizedFunction> {
  const triggers = readFunctions(assemblyDir, (cdkPath) => TRIGGER_FUNCTION_PATHS[cdkPath]);
  // A stack left out of the bundling (`cdk synth <stack> --exclusively`) has no bundle for its functions.
  return new Map([...triggers].filter(([, fn]) => existsSync(fn.bundleFile)));
}

/** The Lambda functions of the assembly that `idOf` names by their construct path, with their code's asset. */
function readFunctions(
  assemblyDir: string,
  idOf: (cdkPath: string) => string | undefined,
): Map<string, SynthesizedFunction> {
  const files = readdirSync(assemblyDir).filter((f) => f.endsWith('.template.json'));
  const templates = new Map(files.map((f) => [f, readTemplate(join(assemblyDir, f))]));
  // A nested stack's parameter -> the value its parent passes in (the parent names the nested template).
  const parentParameters = new Map<string, Record<string, unknown>>();
  for (const template of templates.values()) {
    for (const resource of Object.values(template.Resources ?? {})) {
      const nestedFile = resource.Metadata?.['aws:asset:path'];
      if (resource.Type === 'AWS::CloudFormation::Stack' && typeof nestedFile === 'string') {
        parentParameters.set(nestedFile, (resource.Properties?.Parameters ?? {}) as Record<string, unknown>);
      }
    }
  }
  const functions = new Map<string, SynthesizedFunction>();
  for (const [templateFile, template] of templates) {
    for (const [logicalId, resource] of Object.entries(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const id = idOf(String(resource.Metadata?.['aws:cdk:path'] ?? ''));
      const asset = resource.Metadata?.['aws:asset:path'];
      if (!id || typeof asset !== 'string') continue;
      const props = resource.Properties ?? {};
      const handler = String(props.Handler ?? 'index.handler');
      const dot = handler.lastIndexOf('.');
      const assetDir = join(assemblyDir, asset);
      const variables = (props.Environment as { Variables?: Record<string, TemplateValue> } | undefined)?.Variables;
      functions.set(id, {
        id,
        templateFile,
        logicalId,
        assetDir,
        bundleFile: join(assetDir, `${handler.slice(0, dot)}.mjs`),
        handler,
        exportName: handler.slice(dot + 1),
        timeoutSeconds: Number(props.Timeout ?? 3),
        environment: { ...variables },
        resolveRef: (name) => {
          if (template.Resources?.[name]) return name;
          const passed = template.Parameters?.[name] ? parentParameters.get(templateFile)?.[name] : undefined;
          const ref = (passed as { Ref?: unknown } | undefined)?.Ref;
          return typeof ref === 'string' ? ref : undefined;
        },
      });
    }
  }
  return functions;
}

/** The newest modification time (ms) of the files under `path` (a file or a folder), node_modules aside. */
export function newestModification(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'cdk.out') continue;
    newest = Math.max(newest, newestModification(join(path, entry.name)));
  }
  return newest;
}

/**
 * Why the assembly must be synthesized again, or null when it is current: it is missing, or a
 * source file the synth reads (handlers, shared code, the CDK app, the lock file) changed after it
 * was written. Modification times, not hashes: a checkout or an edit always makes a file newer, so
 * the rule never keeps a stale bundle, and it costs a directory walk, not a read of every file.
 */
export function staleAssemblyReason(root: string): string | null {
  const manifest = join(root, CLOUD_ASSEMBLY_DIR, 'manifest.json');
  if (!existsSync(manifest)) return `${CLOUD_ASSEMBLY_DIR} has no synthesized app yet`;
  const written = statSync(manifest).mtimeMs;
  for (const input of [...SYNTH_INPUTS, LOCK_FILE]) {
    if (newestModification(join(root, input)) > written) return `${input} changed after the last synth`;
  }
  return null;
}

/** What to synthesize besides the default: the whole app of cdk.json into infra/cdk.out. */
export interface SynthesizeOptions {
  /** Only these stacks' functions are bundled (`cdk synth <stacks> --exclusively`). */
  readonly stacks?: readonly string[];
  /** `-c key=value` context on top of cdk.json's. */
  readonly context?: Readonly<Record<string, string>>;
  /** Another cloud assembly folder than cdk.json's output. */
  readonly outdir?: string;
}

/** Runs `cdk synth --quiet` (the CDK app of cdk.json, bundling every function, or those of `stacks`, with esbuild). */
export function synthesize(root: string, log: (line: string) => void, options: SynthesizeOptions = {}): Promise<void> {
  const cdk = join(root, 'node_modules', 'aws-cdk', 'bin', 'cdk');
  const args = [
    cdk,
    'synth',
    '--quiet',
    ...(options.stacks?.length ? [...options.stacks, '--exclusively'] : []),
    ...Object.entries(options.context ?? {}).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
    ...(options.outdir ? ['--output', options.outdir] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) return resolve();
      log(output);
      reject(new Error(`cdk synth failed with exit code ${code}; its output is above`));
    });
  });
}

/** The assembly's folder, synthesized first when it is missing or stale. */
export async function ensureSynthesized(root: string, log: (line: string) => void): Promise<string> {
  const reason = staleAssemblyReason(root);
  if (reason) {
    log(`bundled: ${reason}; running cdk synth (a minute or two)...`);
    const started = Date.now();
    await synthesize(root, log);
    log(`bundled: synthesized in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  return join(root, CLOUD_ASSEMBLY_DIR);
}
