// One deployed function's bundle (cdk.out/asset.<hash>/index.mjs), run in a worker thread of the
// local gateway by `npm start -- --bundled` (scripts/local/bundled-functions.ts). Plain JavaScript
// on purpose: a worker thread does not inherit tsx's loader, and this file only relays messages.
// Each worker has its own process.env (the function's variables, as Lambda gives each function
// its own), its own module graph and its own SDK clients, like one Lambda execution environment.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { lambdaContext } from './lambda-context.mjs';

const { bundleFile, exportName, functionName, timeoutMs } = workerData;
// Lambda reads NODE_OPTIONS when it starts the process; a worker thread can only switch it on.
if (process.env.NODE_OPTIONS?.includes('--enable-source-maps')) process.setSourceMapsEnabled(true);

/** The handler, imported once: the module's top level is this function's cold start. */
const loaded = import(pathToFileURL(bundleFile).href).then((module) => {
  const handler = module[exportName];
  if (typeof handler !== 'function') throw new Error(`${bundleFile} exports no function "${exportName}"`);
  return handler;
});
// A failed import is reported by the first invocation; it must not end the thread before then.
loaded.catch(() => undefined);

parentPort.on('message', async ({ id, event, requestId }) => {
  try {
    const handler = await loaded;
    const context = lambdaContext({ functionName, requestId, timeoutMs, logStreamName: 'local-bundled' });
    const result = await handler(event, context);
    parentPort.postMessage({ id, ok: true, result: result === undefined ? null : result });
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    parentPort.postMessage({ id, ok: false, error: { name: err.name, message: err.message, stack: err.stack } });
  }
});
