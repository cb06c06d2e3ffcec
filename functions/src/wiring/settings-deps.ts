import { dynamoSettingsStore } from '../data/settings-store.js';
import { newId } from '../kit/ids.js';
import { MAIL_KINDS } from './work-sources.js';

/** The subscription settings store, with the clock and ids its edits need. */
export { dynamoSettingsStore, MAIL_KINDS };

export const settingsSubscriptionPutDeps = {
  store: dynamoSettingsStore,
  mailKinds: MAIL_KINDS,
  now: () => new Date(),
  newId,
};
