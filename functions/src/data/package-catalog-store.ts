import type { CatalogPackage } from '@goldbot/shared';
import { tableName } from '../adapters/dynamodb.js';
import type { CatalogStore } from '../domain/settings/catalog.js';
import { toAuditItem } from './audit-entity.js';
import {
  CATALOG_PARTITION,
  PACKAGE_DISPLAY_ORDER,
  PACKAGE_SK_PREFIX,
  fromCatalogItem,
  onSaleLivesInSettings,
  packageKey,
  slugOfItem,
  toCatalogPackageItem,
} from './package-catalog-entity.js';
import { basicSwitchUpdate } from './settings-store.js';
import { fromSubscriptionSettingsItem, subscriptionSettingsKey } from './settings-entity.js';
import { batchGetItems, getItem, queryTable, type Item } from './table-reads.js';
import { putNew, transactUnlessChanged, type TransactItem } from './transaction-items.js';

/**
 * The package catalog (read and edit). Reads merge the CATALOG items over the seed defaults,
 * so a package is never missing, and take Basic's on-sale flag from the settings switch.
 */
async function catalogItems(consistent: boolean): Promise<Item[]> {
  const result = await queryTable({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': CATALOG_PARTITION, ':prefix': PACKAGE_SK_PREFIX },
    ConsistentRead: consistent,
  });
  return result?.Items ?? [];
}

function mergeCatalog(items: Item[], basicPackageEnabled: boolean): CatalogPackage[] {
  const bySlug = new Map(
    items.flatMap((item) => {
      const slug = slugOfItem(item);
      return slug ? [[slug, item] as const] : [];
    }),
  );
  return PACKAGE_DISPLAY_ORDER.map((slug) => fromCatalogItem(slug, bySlug.get(slug), basicPackageEnabled)).sort(
    (a, b) => a.sortOrder - b.sortOrder,
  );
}

/** One Query on CATALOG and one GetItem of the settings, in parallel. */
export async function listCatalog(): Promise<CatalogPackage[]> {
  const [items, settings] = await Promise.all([catalogItems(false), getItem(subscriptionSettingsKey())]);
  return mergeCatalog(items, fromSubscriptionSettingsItem(settings).basicPackageEnabled);
}

/** The condition that the catalog item still holds what was read (its price and, off Basic, its flag). */
function catalogUnchanged(plan: Parameters<CatalogStore['commitPackageUpdate']>[0]) {
  if (!plan.from.itemExists) return { ConditionExpression: 'attribute_not_exists(PK)' };
  const names: Record<string, string> = { '#price': 'priceUsd' };
  const values: Record<string, unknown> = { ':price': plan.from.current.priceUsd };
  let condition = '#price = :price';
  if (!onSaleLivesInSettings(plan.slug)) {
    names['#onSale'] = 'onSale';
    values[':onSale'] = plan.from.current.onSale;
    condition += plan.from.current.onSale
      ? ' AND (attribute_not_exists(#onSale) OR #onSale = :onSale)'
      : ' AND #onSale = :onSale';
  }
  return { ConditionExpression: condition, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

export const dynamoCatalogStore: CatalogStore = {
  listCatalog,

  async readPackage(slug) {
    const keys = [packageKey(slug), subscriptionSettingsKey()];
    const found = await batchGetItems(keys, true);
    const item = found.find((i) => i.PK === keys[0]?.PK && i.SK === keys[0]?.SK);
    const settings = found.find((i) => i.PK === 'SETTINGS');
    return {
      current: fromCatalogItem(slug, item, fromSubscriptionSettingsItem(settings).basicPackageEnabled),
      itemExists: item !== undefined,
    };
  },

  async commitPackageUpdate(plan) {
    const { from, to } = plan;
    const items: TransactItem[] = [];
    const flagInSettings = onSaleLivesInSettings(plan.slug);
    const catalogChanged =
      to.priceUsd !== from.current.priceUsd || (!flagInSettings && to.onSale !== from.current.onSale);
    if (catalogChanged) {
      items.push({
        Put: {
          TableName: tableName,
          Item: toCatalogPackageItem(to, plan.at, plan.adminId),
          ...catalogUnchanged(plan),
        },
      });
    }
    if (flagInSettings && to.onSale !== from.current.onSale) {
      items.push(basicSwitchUpdate(from.current.onSale, to.onSale, plan.at, plan.adminId));
    }
    items.push(putNew(toAuditItem(plan.audit)));
    return transactUnlessChanged(items);
  },
};
