import { dynamoSettingsStore } from '../data/settings-store.js';
import { newId } from '../kit/ids.js';

/** The subscription settings store, with the clock and ids its edits need. */
export { dynamoSettingsStore };

export const settingsSubscriptionPutDeps = { store: dynamoSettingsStore, now: () => new Date(), newId };
