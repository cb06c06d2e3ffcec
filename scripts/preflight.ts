import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deploySettings, parseOptions, readCdkJsonContext, USAGE } from './preflight/context.js';
import { exitCode, formatReport, todo } from './preflight/report.js';
import { runPreflight } from './preflight/run.js';

/**
 * `npm run preflight`: checks an AWS account before the first `cdk deploy` and prints each item as
 * OK or as the next step (scripts/preflight/). Exit code 0 only when every check is OK.
 */
// Node 20 is this repo's floor; the SDK's notice about its future Node 22 floor is noise in a report.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = resolve(fileURLToPath(import.meta.url), '../..');

async function main(): Promise<number> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 1;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  let settings;
  try {
    settings = deploySettings(readCdkJsonContext(resolve(root, 'cdk.json')), options.context);
  } catch (error) {
    // The same message cdk synth would fail with, without its stack trace.
    const result = todo(
      'Deploy settings',
      error instanceof Error ? error.message : String(error),
      'fix that -c value (or cdk.json context) and run again',
    );
    console.log(formatReport('Preflight could not read the deploy settings.', [result]));
    return 1;
  }
  const { header, results } = await runPreflight(settings, options);
  console.log(formatReport(header, results));
  return exitCode(results);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`Preflight failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
