import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { profileKey } from './user-profile-entity.js';

/**
 * Records on an administrator's profile (E1 `testMailSentAt`) that a test mail to them reached the
 * mail service: the first-run checklist's "send a test mail to yourself" step. `updatedAt` stays:
 * the profile itself did not change.
 */
export async function recordTestMailSent(adminId: string, sentAt: string): Promise<void> {
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: profileKey(adminId),
      UpdateExpression: 'SET testMailSentAt = :at',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':at': sentAt },
    }),
  );
}
