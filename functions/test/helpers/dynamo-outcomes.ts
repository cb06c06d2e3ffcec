import { TransactionCanceledException, type CancellationReason } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';

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
