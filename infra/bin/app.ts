import { App } from 'aws-cdk-lib';
import { createGoldbotApp } from '../lib/goldbot-app.js';
import { webDistIfBuilt } from '../lib/paths.js';

/**
 * CDK entry point (`cdk.json`: `npx tsx infra/bin/app.ts`). tsx runs the TypeScript directly, so
 * `@goldbot/shared` resolves to its source like everywhere else in the repo.
 */
const app = new App();
createGoldbotApp(app, { webDistPath: webDistIfBuilt() });
app.synth();
