import { readMt5 } from '../domain/trading/mt5-accounts.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { mt5AccountDeps } from '../wiring/commerce.js';

/** The caller's MetaTrader 5 account and where the bot's connection stands (what is missing, or connected since when). */
export const handler = defineHandler({ route: 'account-mt5-get', checks: awsChecks }, async ({ caller }) =>
  ok(await readMt5(mt5AccountDeps, caller.userId)),
);
