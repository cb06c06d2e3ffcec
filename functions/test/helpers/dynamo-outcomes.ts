import {
  ConditionalCheckFailedException,
  TransactionCanceledException,
  type CancellationReason,
} from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient, type AwsClientStub } from 'aws-sdk-client-mock';
import { afterAll, beforeEach } from 'vitest';

/**
 * The DynamoDB document client mocked for the calling test file (or describe block): emptied of
 * stubs and calls before each test, its own `send` put back afterwards. Tests stub what the table
 * answers in their own `beforeEach`, which runs after this reset.
 */
export function useMockedDynamo(): AwsClientStub<DynamoDBDocumentClient> {
  const dynamo = mockClient(DynamoDBDocumentClient);
  beforeEach(() => {
    dynamo.reset();
  });
  afterAll(() => {
    dynamo.restore();
  });
  return dynamo;
}

/** Makes GetItem on `item`'s own key answer `item` (a stub for one key, on top of the others). */
export function givenGetItem(
  dynamo: AwsClientStub<DynamoDBDocumentClient>,
  item: { PK: string; SK: string } & Record<string, unknown>,
): void {
  dynamo.on(GetCommand, { Key: { PK: item.PK, SK: item.SK } }).resolves({ Item: item });
}

/**
 * The table as an empty one: every read finds nothing and every write succeeds. Tests stub what
 * they read on top (a stub for one key wins over these).
 */
export function givenEmptyTable(dynamo: AwsClientStub<DynamoDBDocumentClient>): void {
  dynamo.on(GetCommand).resolves({});
  dynamo.on(PutCommand).resolves({});
  dynamo.on(DeleteCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(TransactWriteCommand).resolves({});
  dynamo.on(UpdateCommand).resolves({});
}

/** A write refused by its condition expression, as the document client throws it. */
export const conditionFailed = () =>
  new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

/** A TransactWriteItems refused with one reason per item, in item order: a code ('None', 'ConditionalCheckFailed'…) or a whole reason. */
export const cancelled = (...reasons: (string | CancellationReason)[]) =>
  new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: reasons.map((reason) => (typeof reason === 'string' ? { Code: reason } : reason)),
  });

/** The items of the `call`-th TransactWriteItems the mocked client received (none when there was no such call). */
export const transactItemsOf = (dynamo: AwsClientStub<DynamoDBDocumentClient>, call = 0) =>
  dynamo.commandCalls(TransactWriteCommand)[call]?.args[0].input.TransactItems ?? [];
