import { dynamoCatalogStore } from '../data/package-catalog-store.js';
import { newId } from '../kit/ids.js';

/** The package catalog store, with the clock and ids its edits need. */
export { dynamoCatalogStore };

export const adminPackagesUpdateDeps = { store: dynamoCatalogStore, now: () => new Date(), newId };
