import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactMessage } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { ContactMessageStore } from '../domain/contact/contact-messages.js';
import { decodeCursor, encodeCursor, type Key } from '../kit/cursor.js';
import {
  CONTACT_LIST_PARTITION,
  contactMessageKey,
  fromContactMessageItem,
  toContactMessageItem,
} from './contact-message-entity.js';

/** DynamoDB implementation of the contact message store: one request per call, no Scan. */
export const dynamoContactMessageStore: ContactMessageStore = {
  async put(message: ContactMessage) {
    await documentClient.send(
      new PutCommand({
        TableName: tableName,
        Item: toContactMessageItem(message),
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  },

  async listNewestFirst({ limit, cursor }) {
    const result = await documentClient.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :pk',
        ExpressionAttributeValues: { ':pk': CONTACT_LIST_PARTITION },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: decodeCursor(cursor, { GSI1PK: CONTACT_LIST_PARTITION }, ['PK', 'SK', 'GSI1PK', 'GSI1SK']),
      }),
    );
    return {
      items: (result.Items ?? []).map(fromContactMessageItem),
      nextCursor: encodeCursor(result.LastEvaluatedKey as Key | undefined),
    };
  },

  async delete(id: string) {
    try {
      await documentClient.send(
        new DeleteCommand({
          TableName: tableName,
          Key: contactMessageKey(id),
          ConditionExpression: 'attribute_exists(PK)',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  },
};
