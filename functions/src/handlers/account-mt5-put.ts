import { mt5AccountInputSchema } from '@goldbot/shared';
import { UnauthorizedError } from '../domain/errors.js';
import { saveMt5 } from '../domain/trading/mt5-accounts.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { mt5AccountDeps } from '../wiring/commerce.js';

/**
 * Saves the caller's MetaTrader 5 account (broker, server, account number; never a password) once a
 * paid package is active, and files the request the team connects. The caller's name and address
 * come from the profile the session guard read.
 */
export const handler = defineHandler(
  { route: 'account-mt5-put', checks: awsChecks, body: mt5AccountInputSchema },
  async ({ caller, body, sessionProfile, log }) => {
    if (!sessionProfile) throw new UnauthorizedError('Please sign in to continue.');
    const result = await saveMt5(
      mt5AccountDeps,
      { userId: caller.userId, username: sessionProfile.username, email: sessionProfile.email },
      { broker: body.broker, server: body.server, accountNumber: body.accountNumber },
    );
    log.info('mt5 account save answered', { userId: caller.userId, status: result.connection.status });
    return ok(result);
  },
);
