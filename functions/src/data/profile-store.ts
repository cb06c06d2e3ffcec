import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { fromProfileItem, profileKey } from './user-profile-entity.js';
import type { UserProfile } from '../domain/records/user-profile.js';

/**
 * A user's profile, one GetItem: the session guard's read on every signed-in request, and the
 * account identity store's (account-identity-store.ts). On its own so the guard does not bundle
 * the account stores into every signed-in function.
 */
export async function getProfile(userId: string): Promise<UserProfile | undefined> {
  const result = await documentClient.send(new GetCommand({ TableName: tableName, Key: profileKey(userId) }));
  return result.Item ? fromProfileItem(result.Item) : undefined;
}
