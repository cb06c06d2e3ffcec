import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SynthesizedFunction, TemplateValue } from './synthesized-functions.js';

/**
 * `npm start -- --bundled`: each route and job runs the bundle `cdk synth` made for it, in a worker
 * thread of its own (bundled-function-worker.mjs) with its own environment, as Lambda runs each
 * function in its own execution environment. The variable NAMES are the template's; the VALUES are
 * the local stack's, because the template holds CloudFormation references (bundledEnvironment).
 */

/** How the local stack answers each variable a function's template sets. */
type LocalRule =
  /** The local stack's own value of the same name (TABLE_NAME, USER_POOL_ID...). */
  | { kind: 'local' }
  /** A fixed local value, with why it differs from the deployment. */
  | { kind: 'value'; value: string }
  /** Another variable carries it locally (a secret's ARN becomes the secret's local value). */
  | { kind: 'rename'; to: string }
  /** Not set locally, as under a plain `npm start`. */
  | { kind: 'off' }
  /** The template's plain value (a deployment setting the local stack does not override). */
  | { kind: 'template' }
  /** A function's name: the id of the function the Ref points at, which the local invoke endpoint knows. */
  | { kind: 'function-name' };

export const BUNDLED_ENVIRONMENT_RULES: Readonly<Record<string, LocalRule>> = {
  TABLE_NAME: { kind: 'local' },
  USER_POOL_ID: { kind: 'local' },
  USER_POOL_CLIENT_ID: { kind: 'local' },
  MAIL_FROM: { kind: 'local' },
  APP_URL: { kind: 'local' },
  LOG_LEVEL: { kind: 'local' },
  RATE_LIMIT_SCALE: { kind: 'local' },
  SELLER_NAME: { kind: 'template' },
  // The local TRON double, never TronGrid.
  TRON_API_URL: { kind: 'local' },
  CHAIN_CHECK_AMOUNT_TOLERANCE_USDT: { kind: 'template' },
  CHAIN_CHECK_GRACE_HOURS: { kind: 'template' },
  // How long orders stay open and bind late transfers: the deployed values.
  ORDER_OPEN_MINUTES: { kind: 'template' },
  ORDER_GRACE_MINUTES: { kind: 'template' },
  NODE_OPTIONS: { kind: 'template' },
  // cognito-local has no TOTP, so administrators sign in without it, as under `npm start`.
  ADMIN_MFA_REQUIRED: { kind: 'value', value: 'false' },
  // No Secrets Manager locally: the functions get the key itself, as under `npm start`.
  OTP_HASH_KEY_SECRET_ARN: { kind: 'rename', to: 'OTP_HASH_KEY' },
  // No CloudFront locally: without ORIGIN_SECRET_ARN the handler kit's origin check is off
  // (functions/src/kit/origin-header.ts), exactly as under `npm start`.
  ORIGIN_SECRET_ARN: { kind: 'off' },
  // The SES emulator has no configuration sets.
  SES_CONFIGURATION_SET: { kind: 'off' },
  // The TRON double needs no key.
  TRON_API_KEY_SECRET_ARN: { kind: 'off' },
  // payment-submit-usdt invokes the checker by name through the gateway's Lambda invoke endpoint.
  CHAIN_CHECK_FUNCTION_NAME: { kind: 'function-name' },
};

/** Variables Lambda itself gives every function (not in the template), pointed at the local services. */
const RUNTIME_VARIABLES = [
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
  'AWS_ENDPOINT_URL_SES',
] as const;

export class BundledEnvironmentError extends Error {}

type TemplateFunction = Pick<SynthesizedFunction, 'id' | 'environment' | 'resolveRef'>;

/** The function a 'function-name' variable's Ref points at, by its route or job id; undefined when it is none. */
function functionNameTarget(
  fn: TemplateFunction,
  templateValue: TemplateValue,
  functionIdOf: (logicalId: string) => string | undefined,
): string | undefined {
  const ref = (templateValue as { Ref?: unknown }).Ref;
  const logicalId = typeof ref === 'string' ? fn.resolveRef(ref) : undefined;
  return logicalId ? functionIdOf(logicalId) : undefined;
}

/**
 * The functions the app invokes through Lambda's API (asynchronously: the chain check): those a
 * function-name variable of some function's template names. The local Invoke endpoint answers
 * these and no other (lambda-invoke-endpoint.ts).
 */
export function invokedFunctionIds(
  functions: Iterable<TemplateFunction>,
  functionIdOf: (logicalId: string) => string | undefined,
): Set<string> {
  const ids = new Set<string>();
  for (const fn of functions) {
    for (const [name, value] of Object.entries(fn.environment)) {
      if (BUNDLED_ENVIRONMENT_RULES[name]?.kind !== 'function-name') continue;
      const target = functionNameTarget(fn, value, functionIdOf);
      if (target) ids.add(target);
    }
  }
  return ids;
}

/**
 * The environment one bundled function runs with: the runtime's variables, each template variable
 * by its rule, the Lambda API of the local gateway (AWS_ENDPOINT_URL_LAMBDA), the token that
 * endpoint asks for (AWS_SESSION_TOKEN, which the SDK signs into its requests, as Lambda gives
 * every function a session token) and the function's name. A template variable without a rule, or
 * a reference a rule cannot follow, is an error that names the function, the variable and this
 * file, so a new setting in the CDK app cannot be silently missing locally.
 */
export function bundledEnvironment(
  fn: TemplateFunction,
  localEnv: Readonly<Record<string, string>>,
  options: {
    lambdaEndpoint: string;
    functionIdOf: (logicalId: string) => string | undefined;
    /** Made at start for the local Invoke endpoint; only the bundled functions get it. */
    invokeToken: string;
  },
): Record<string, string> {
  const env: Record<string, string> = {
    AWS_LAMBDA_FUNCTION_NAME: fn.id,
    AWS_ENDPOINT_URL_LAMBDA: options.lambdaEndpoint,
    AWS_SESSION_TOKEN: options.invokeToken,
  };
  for (const name of RUNTIME_VARIABLES) {
    const value = localEnv[name];
    if (value !== undefined) env[name] = value;
  }
  const problem = (name: string, why: string) =>
    new BundledEnvironmentError(
      `${fn.id}: the template sets ${name}, but ${why}. Say how the local stack answers it in ` +
        'BUNDLED_ENVIRONMENT_RULES (scripts/local/bundled-functions.ts).',
    );
  for (const [name, templateValue] of Object.entries(fn.environment)) {
    const rule = BUNDLED_ENVIRONMENT_RULES[name];
    if (!rule) throw problem(name, 'there is no rule for it');
    switch (rule.kind) {
      case 'local': {
        const value = localEnv[name];
        if (value === undefined) throw problem(name, 'the local stack has no value for it');
        env[name] = value;
        break;
      }
      case 'value':
        env[name] = rule.value;
        break;
      case 'rename': {
        const value = localEnv[rule.to];
        if (value === undefined) throw problem(name, `the local stack has no ${rule.to}`);
        env[rule.to] = value;
        break;
      }
      case 'off':
        break;
      case 'template':
        if (!isPlain(templateValue)) throw problem(name, 'its template value is a reference, not a plain value');
        env[name] = String(templateValue);
        break;
      case 'function-name': {
        const target = functionNameTarget(fn, templateValue, options.functionIdOf);
        if (!target) throw problem(name, 'it does not refer to a route or job function of the app');
        env[name] = target;
        break;
      }
    }
  }
  return env;
}

const isPlain = (value: TemplateValue): value is string | number | boolean =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** An invocation that failed the way Lambda reports it (error type and message, no stack to the caller). */
export class FunctionError extends Error {
  constructor(
    readonly functionId: string,
    readonly errorType: string,
    message: string,
  ) {
    super(`${functionId}: ${errorType}: ${message}`);
  }
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface WarmFunction {
  worker: Worker;
  pending: Map<string, Pending>;
  lastUsed: number;
}

export interface BundledFunctions {
  /** The route and job ids with a bundle. */
  readonly ids: readonly string[];
  has(id: string): boolean;
  /** Runs the function once with `event` and answers its result (a FunctionError when it threw or timed out). */
  invoke(id: string, event: unknown): Promise<unknown>;
  /** Ends every worker. */
  stop(): Promise<void>;
}

const WORKER_FILE = join(import.meta.dirname, 'bundled-function-worker.mjs');

/**
 * The workers of the bundled functions, each started on its first invocation (its cold start) and
 * kept warm after it. At most `maxWarm` live at once: past that the least recently used one ends,
 * as Lambda reclaims idle environments, so a smoke pass over every route stays within memory.
 */
export function startBundledFunctions(options: {
  functions: ReadonlyMap<string, SynthesizedFunction>;
  environmentOf: (fn: SynthesizedFunction) => Record<string, string>;
  log: (line: string) => void;
  maxWarm?: number;
}): BundledFunctions {
  const maxWarm = options.maxWarm ?? 16;
  const warm = new Map<string, WarmFunction>();
  for (const fn of options.functions.values()) {
    if (!existsSync(fn.bundleFile)) throw new Error(`${fn.id}: the bundle ${fn.bundleFile} is missing; run cdk synth`);
  }
  // Every environment is worked out up front: a variable without a rule fails the start, not a request.
  const environments = new Map([...options.functions.values()].map((fn) => [fn.id, options.environmentOf(fn)]));

  /** Ends one worker (only if it is still the function's current one) and fails its calls in flight. */
  const end = (id: string, reason: Error, only?: WarmFunction) => {
    const entry = warm.get(id);
    if (!entry || (only && entry !== only)) return;
    warm.delete(id);
    for (const call of entry.pending.values()) {
      clearTimeout(call.timer);
      call.reject(reason);
    }
    void entry.worker.terminate();
  };

  const start = (fn: SynthesizedFunction): WarmFunction => {
    const idle = [...warm.entries()]
      .filter(([, w]) => w.pending.size === 0)
      .sort((a, b) => a[1].lastUsed - b[1].lastUsed);
    for (const [id] of idle.slice(0, Math.max(0, warm.size + 1 - maxWarm))) {
      end(id, new Error('reclaimed'));
    }
    const worker = new Worker(WORKER_FILE, {
      env: environments.get(fn.id),
      workerData: {
        bundleFile: fn.bundleFile,
        exportName: fn.exportName,
        functionName: fn.id,
        timeoutMs: fn.timeoutSeconds * 1000,
      },
    });
    const entry: WarmFunction = { worker, pending: new Map(), lastUsed: Date.now() };
    worker.on(
      'message',
      (message: {
        id: string;
        ok: boolean;
        result?: unknown;
        error?: { name: string; message: string; stack?: string };
      }) => {
        const call = entry.pending.get(message.id);
        if (!call) return;
        entry.pending.delete(message.id);
        clearTimeout(call.timer);
        if (message.ok) return call.resolve(message.result);
        const error = message.error ?? { name: 'Error', message: 'unknown error' };
        options.log(`bundled ${fn.id}: ${error.stack ?? `${error.name}: ${error.message}`}`);
        call.reject(new FunctionError(fn.id, error.name, error.message));
      },
    );
    worker.on('error', (error) => {
      options.log(`bundled ${fn.id}: the runtime failed: ${error.stack ?? error.message}`);
      end(fn.id, new FunctionError(fn.id, 'Runtime.ExitError', error.message), entry);
    });
    worker.on('exit', () => end(fn.id, new FunctionError(fn.id, 'Runtime.ExitError', 'the function exited'), entry));
    warm.set(fn.id, entry);
    return entry;
  };

  return {
    ids: [...options.functions.keys()],
    has: (id) => options.functions.has(id),
    invoke(id, event) {
      const fn = options.functions.get(id);
      if (!fn) return Promise.reject(new Error(`no bundled function "${id}"`));
      const entry = warm.get(id) ?? start(fn);
      entry.lastUsed = Date.now();
      const callId = randomUUID();
      return new Promise((resolve, reject) => {
        // Lambda ends a run at the function's timeout, and its environment with it.
        const timer = setTimeout(() => {
          const timedOut = `Task timed out after ${fn.timeoutSeconds} seconds`;
          end(id, new FunctionError(id, 'Sandbox.Timedout', timedOut), entry);
        }, fn.timeoutSeconds * 1000);
        entry.pending.set(callId, { resolve, reject, timer });
        entry.worker.postMessage({ id: callId, event, requestId: callId });
      });
    },
    async stop() {
      for (const id of [...warm.keys()]) end(id, new Error('the local stack stopped'));
    },
  };
}
