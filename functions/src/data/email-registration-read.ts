import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { emailMarkerKey } from './user-profile-entity.js';

/**
 * Whether a registration of ours holds `email`: its e-mail marker is there and has not expired (a
 * claim in flight lives 5 minutes, a pending registration's marker 24 hours, a verified account's
 * has no expiry). Read by the PreSignUp trigger, which runs outside the API's configuration and so
 * hands in its own client and table name. A strongly consistent read: a registration that has just
 * claimed the address must count.
 */
export async function emailHeldByRegistration(
  client: DynamoDBDocumentClient,
  tableName: string,
  email: string,
  nowMs: number,
): Promise<boolean> {
  const { Item } = await client.send(
    new GetCommand({ TableName: tableName, Key: emailMarkerKey(email), ConsistentRead: true }),
  );
  if (!Item) return false;
  return !(typeof Item.expiresAt === 'number' && Item.expiresAt < Math.floor(nowMs / 1000));
}
