import { ORDER, TRANSFER_MESSAGES } from '@goldbot/shared';
import { appLink } from '../config.js';
import { loadEmailTemplate } from '../data/email-template-store.js';
import { dynamoNoticeStore, dynamoWatcherStore } from '../data/watcher-store.js';
import { settleTransfer } from '../domain/commerce/binding.js';
import { formatTokenAmount } from '../domain/commerce/tron.js';
import type { WatcherDeps } from '../domain/commerce/wallet-watcher.js';
import type { NoticeDeps } from '../domain/commerce/watch-notices.js';
import { mailEveryAdmin } from '../domain/commerce/wallets.js';
import { amountPoolLowMailValues, unmatchedTransferMailValues } from '../domain/email/templates.js';
import { logFailure, type Logger } from '../kit/logger.js';
import { settleTransferDeps, orderBindingPolicy } from './binding-deps.js';
import { tronApi } from './tron-api-client.js';
import { templateMailer } from './template-mail.js';

/**
 * The wallet watcher (job-watch-wallets) wired to TronGrid, DynamoDB, SES and the admin group: the
 * listing through the same TRON client as the on-chain check (its timeouts, retries and breaker),
 * every transfer bound as binding-deps.ts binds it, the notices to every administrator.
 */
/** Why no order took a transfer, as the administrators' mail says it. */
const REASON_TEXT = {
  'no-order': 'no order asked for this exact amount at that time (a wrong or rounded amount)',
  late: 'the order of this amount had closed before it arrived',
  'order-paid': 'the order of this amount had already received its transfer',
} as const;

export function watchWalletsDeps(log: Logger): WatcherDeps | null {
  if (!tronApi) return null;
  return {
    store: dynamoWatcherStore,
    tron: tronApi,
    settle: (transfer) => settleTransfer(settleTransferDeps(log), transfer, 'watcher'),
    policy: orderBindingPolicy,
    now: () => new Date(),
    log,
  };
}

async function adminList(): Promise<string[]> {
  // Loaded when a notice is due only: most runs mail nobody and never need Cognito.
  const { adminEmails } = await import('../adapters/cognito-directory.js');
  return adminEmails();
}

/** One run's notices: the admin group is listed once per run, not once per notice. */
export function sendNoticesDeps(log: Logger): NoticeDeps {
  let recipients: Promise<string[]> | undefined;
  const admins = () => {
    recipients ??= adminList().catch((error: unknown) => {
      recipients = undefined;
      throw error;
    });
    return recipients;
  };
  return {
    store: dynamoNoticeStore,
    now: () => new Date(),
    log,
    onMailFailure: logFailure(log, 'admin notice failed; the next run sends it', 'noticeId'),
    async mailUnmatched(transfer) {
      const [to, template] = await Promise.all([admins(), loadEmailTemplate('unmatchedTransfer')]);
      const values = unmatchedTransferMailValues({
        amount: formatTokenAmount(BigInt(transfer.units)),
        txid: transfer.txid,
        from: transfer.from,
        wallet: transfer.wallet,
        confirmedAt: new Date(transfer.blockTime).toISOString(),
        reason: transfer.unmatched ? REASON_TEXT[transfer.unmatched.reason] : TRANSFER_MESSAGES.notFound,
        closeOrders: transfer.unmatched?.closeOrders.length ?? 0,
        transfersLink: appLink('/admin/unmatched-transfers'),
      });
      await mailEveryAdmin(to, (address) => templateMailer.send(address, template, values));
    },
    async mailPoolLow(alert) {
      const [to, template] = await Promise.all([admins(), loadEmailTemplate('amountPoolLow')]);
      const values = amountPoolLowMailValues({
        priceCents: alert.priceCents,
        freeAmounts: alert.freeAmounts,
        totalAmounts: ORDER.maxTagCents,
        seenAt: alert.firstSeenAt || new Date().toISOString(),
        paymentsLink: appLink('/admin/payments'),
      });
      await mailEveryAdmin(to, (address) => templateMailer.send(address, template, values));
    },
  };
}
