import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import * as z from '@goldbot/shared/zod';
import { seedDefaults } from '../data/seed-items.js';
import { backfillTxidStartKeys } from '../data/txid-start-backfill.js';
import { createLogger } from '../kit/logger.js';

/**
 * Deploy-time seeding: the handler of the data stack's `SeedDefaults` custom resource
 * (infra/lib/constructs/seed-defaults.ts, through the CDK's custom-resource provider). On every
 * create and update it writes the catalog, the subscription settings and the default e-mail
 * templates of functions/src/data/seed-items.ts, the module the local bootstrap seeds from too, each
 * with a conditional Put (`attribute_not_exists(PK)`): an item that is there, seeded before or edited
 * by an admin, is kept as it is. Deleting the resource deletes nothing: the items are the shop's data.
 * Then the one-off data migrations run: the TXID-start keys of markers written before they existed
 * (functions/src/data/txid-start-backfill.ts), once per table.
 *
 * It runs outside the API (no user pool, no mailer), so it reads only TABLE_NAME, not the functions'
 * shared configuration.
 */
const env = z
  .object({
    TABLE_NAME: z.string().check(z.minLength(1)),
    AWS_REGION: z.optional(z.string().check(z.minLength(1))),
    LOG_LEVEL: z._default(z.enum(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  })
  .parse(process.env);

const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: env.AWS_REGION }), {
  marshallOptions: { removeUndefinedValues: true },
});
const log = createLogger(env.LOG_LEVEL, { trigger: 'seed-defaults' });

export interface SeedResponse {
  PhysicalResourceId: string;
  Data?: { Written: number; Kept: number };
}

export async function handler(event: CloudFormationCustomResourceEvent): Promise<SeedResponse> {
  const physicalResourceId = `seed-defaults:${env.TABLE_NAME}`;
  if (event.RequestType === 'Delete') {
    log.info('seed defaults: nothing to delete', { requestType: event.RequestType });
    return { PhysicalResourceId: event.PhysicalResourceId };
  }
  // A failure throws: the provider reports FAILED and CloudFormation rolls the deploy back.
  const result = await seedDefaults(client, env.TABLE_NAME);
  log.info('seed defaults', {
    requestType: event.RequestType,
    written: result.written,
    kept: result.kept.length,
    migrated: result.migrated,
  });
  const backfill = await backfillTxidStartKeys(client, env.TABLE_NAME);
  log.info('TXID-start keys backfill', { ...backfill });
  return {
    PhysicalResourceId: physicalResourceId,
    Data: { Written: result.written.length, Kept: result.kept.length },
  };
}
