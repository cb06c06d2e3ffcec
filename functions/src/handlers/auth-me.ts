import { me } from '../domain/auth/account-profile.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { accountDeps } from '../wiring/accounts.js';

/** The one route that creates a missing profile (a first Google or bootstrap-admin sign-in). */
export const handler = defineHandler(
  { route: 'auth-me', checks: awsChecks, createsProfile: true },
  async ({ caller, sessionProfile }) => ok(await me(accountDeps, { ...caller, knownProfile: sessionProfile })),
);
