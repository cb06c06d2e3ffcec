import { me } from '../domain/auth/account-profile.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { accounts } from '../services/accounts.js';

/** The one route that creates a missing profile (a first Google or bootstrap-admin sign-in). */
export const handler = defineHandler({ route: 'auth-me', createsProfile: true }, async ({ caller, sessionProfile }) =>
  ok(await me(accounts, { ...caller, knownProfile: sessionProfile })),
);
