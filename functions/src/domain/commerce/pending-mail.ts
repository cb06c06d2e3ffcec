import { mailAfterCommit, type OnMailFailure } from '../email/mail-failure.js';
import {
  paymentTemplateType,
  subscriptionMailValues,
  type EmailTemplate,
  type TemplateMailer,
} from '../email/templates.js';
import type { PaymentRecord } from '../records/payment-record.js';

/** What the pending mail needs from its use case. */
export interface PendingMailDeps {
  mailer: TemplateMailer;
  dashboardLink: string;
  /** A failed mail is reported (by the payment's id) and never undoes the payment. */
  onMailFailure: OnMailFailure;
}

/**
 * A new payment's "payment received" mail, the same whichever way the payment was made (a
 * customer's submission, the chain binding a transfer to its order, an admin's assignment of an
 * unmatched transfer): after the commit, with the exact USDT amount received, through the outbox
 * (a refused send is kept and retried). Only a failure that could not even be kept is reported.
 */
export async function sendPendingMail(
  deps: PendingMailDeps,
  payment: Pick<PaymentRecord, '_id' | 'email' | 'username' | 'packageName' | 'packageSlug'>,
  template: EmailTemplate,
  amount: number,
): Promise<void> {
  await mailAfterCommit(
    () =>
      deps.mailer.send(
        payment.email,
        template,
        subscriptionMailValues({
          username: payment.username,
          packageName: payment.packageName,
          startDate: null,
          endDate: null,
          dashboardLink: deps.dashboardLink,
          amount,
        }),
        { type: paymentTemplateType(payment.packageSlug, 'pending'), entityId: payment._id },
      ),
    deps.onMailFailure,
    payment._id,
  );
}
