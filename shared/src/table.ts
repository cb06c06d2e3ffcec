/**
 * The single DynamoDB table, defined once: the CDK data stack and the local bootstrap both read
 * this, so AWS and `npm start` cannot drift apart. Keys are designed in docs/data-model.md.
 */
export const TABLE_DEFINITION = {
  logicalName: 'AppTable',
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'expiresAt',
  globalIndexes: [
    { name: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { name: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { name: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
  ],
} as const;

export type GlobalIndexName = (typeof TABLE_DEFINITION.globalIndexes)[number]['name'];
