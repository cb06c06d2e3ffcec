import { config } from '../config.js';
import {
  ACCEPTED_VALUES_MAX_AGE_SECONDS,
  acceptedValuesOf,
  createOriginCheck,
  type AcceptedValuesLoader,
} from '../kit/origin-header.js';

/**
 * The origin secret's accepted values through the one secret reader (adapters/secrets.ts,
 * Powertools Parameters), kept for ACCEPTED_VALUES_MAX_AGE_SECONDS. The reader is imported on first
 * use: a function without the check (or before it) never loads the Secrets Manager client.
 */
export const readAcceptedValues: AcceptedValuesLoader = async (secretArn) => {
  const { readSecret } = await import('../adapters/secrets.js');
  return acceptedValuesOf(await readSecret(secretArn, ACCEPTED_VALUES_MAX_AGE_SECONDS));
};

/** The check of this function: null (off) unless the deployment set ORIGIN_SECRET_ARN. */
export const originCheck = createOriginCheck(config.originSecretArn, readAcceptedValues);
