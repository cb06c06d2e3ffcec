import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../config.js';

/** Created once per execution environment and reused across invocations. */
export const documentClient = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: config.region, endpoint: config.endpoints.dynamodb }),
  { marshallOptions: { removeUndefinedValues: true } },
);

export const tableName = config.tableName;
