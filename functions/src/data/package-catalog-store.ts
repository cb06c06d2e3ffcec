import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CatalogPackage } from '@goldbot/shared';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { defaultCatalog } from './package-catalog-entity.js';

/** One Query on the CATALOG partition returns the whole catalog in display order (E18). */
export async function listCatalog(): Promise<CatalogPackage[]> {
  const result = await documentClient.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': 'CATALOG', ':prefix': 'PACKAGE#' },
    }),
  );
  const items = (result.Items ?? []).map((item) => ({
    slug: item.slug,
    packageName: item.packageName,
    priceUsd: Number(item.priceUsd),
    sortOrder: Number(item.sortOrder ?? 0),
  })) as CatalogPackage[];
  // A deployment whose catalog was never seeded still sells at the documented defaults.
  const packages = items.length > 0 ? items : defaultCatalog();
  return [...packages].sort((a, b) => a.sortOrder - b.sortOrder);
}
