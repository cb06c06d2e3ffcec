import { dynamoSettingsStore } from '../wiring/settings-deps.js';
import { getSubscriptionSettings } from '../domain/settings/subscription-settings.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

/** The admin's view of the Basic switch (read consistently). */
export const handler = defineHandler({ route: 'settings-subscription-get' }, async () =>
  ok(await getSubscriptionSettings(dynamoSettingsStore)),
);
