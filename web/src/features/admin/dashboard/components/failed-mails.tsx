import { Badge, Button, Card, Flex, Heading, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import { TOAST_MS } from '@goldbot/shared';
import { formatDateTime } from '@/lib/format';
import { NoticeAlert } from '../../components/notice-alert';
import { PagedTable } from '../../components/paged-table';
import { useNotice } from '../../hooks/use-notice';
import { errorMessage } from '../../lib/error-message';
import { useFailedMails, useResendFailedMail } from '../api/get-failed-mails';

export const FAILED_MAILS_TITLE = 'Failed mails';
export const NO_FAILED_MAILS = 'No failed mails: every mail was delivered or is still being retried.';
export const FETCH_FAILED_MAILS_FAILED = 'Failed to fetch the failed mails';
export const RESEND_FAILED = 'The mail could not be sent again. Please try again.';
export const RESEND_LABEL = 'Resend';

/** What each kind of mail is called on the screen; an unknown kind shows its template name. */
const KIND_LABELS: Record<string, string> = {
  withdrawalApproved: 'Withdrawal approved',
  withdrawalRejected: 'Withdrawal rejected',
  refundApproved: 'Refund approved',
  refundRefused: 'Refund refused',
  paymentPending: 'Payment received',
  paymentVerified: 'Payment verified',
  basicPackagePaymentPending: 'Basic: payment received',
  basicPackagePaymentVerified: 'Basic: payment verified',
  proPackagePaymentPending: 'Pro: payment received',
  proPackagePaymentVerified: 'Pro: payment verified',
  ultimatePackagePaymentPending: 'Ultimate: payment received',
  ultimatePackagePaymentVerified: 'Ultimate: payment verified',
  freeTrialActivated: 'Free trial started',
  subscriptionActivation: 'Package starts today',
};
export const mailKindText = (kind: string) => KIND_LABELS[kind] ?? kind;

/**
 * The mails customers were promised (a payment's, a withdrawal's or a refund's) that the mail
 * service still refused after every automatic retry: the count, who should have received what,
 * when it failed, after how many attempts and why. Resend sends one again; sent, it leaves the list.
 */
export function FailedMails() {
  const list = useFailedMails();
  const { resend, isSending } = useResendFailedMail();
  const notice = useNotice();
  const total = list.summary?.total ?? 0;

  const resendMail = async (id: string) => {
    notice.clear();
    try {
      const answer = await resend(id);
      if (!answer) return;
      notice.show('success', answer.message, TOAST_MS.libraryDefault * 2);
      await list.refresh();
    } catch (failure) {
      notice.show('error', errorMessage(failure, RESEND_FAILED));
      await list.refresh();
    }
  };

  return (
    <Card variation="outlined" as="section" aria-labelledby="failed-mails-title">
      <Flex direction="column" gap="medium">
        <Flex alignItems="center" gap="small">
          <Heading level={2} fontSize="xl" id="failed-mails-title">
            {FAILED_MAILS_TITLE}
          </Heading>
          <Badge variation={total > 0 ? 'error' : 'success'} aria-label={`${total} failed mails`}>
            {total}
          </Badge>
        </Flex>
        <Text color="font.secondary">
          Mails that could not be delivered after their automatic retries. Send one again once the cause is fixed.
        </Text>
        <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
        <PagedTable
          list={list}
          loadingText="Loading failed mails..."
          emptyText={NO_FAILED_MAILS}
          errorText={FETCH_FAILED_MAILS_FAILED}
          noun="mails"
          label={FAILED_MAILS_TITLE}
          columns={['Recipient', 'Mail', 'Failed', 'Attempts', 'Last error', '']}
          row={(mail) => (
            <TableRow key={mail._id}>
              <TableCell style={{ overflowWrap: 'break-word' }}>{mail.to}</TableCell>
              <TableCell>{mailKindText(mail.kind)}</TableCell>
              <TableCell whiteSpace="nowrap">{formatDateTime(mail.failedAt)}</TableCell>
              <TableCell>{mail.attempts}</TableCell>
              <TableCell style={{ overflowWrap: 'break-word' }}>{mail.lastError}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  aria-label={`${RESEND_LABEL} to ${mail.to}`}
                  onClick={() => void resendMail(mail._id)}
                  isLoading={isSending(mail._id)}
                  loadingText="Sending..."
                >
                  {RESEND_LABEL}
                </Button>
              </TableCell>
            </TableRow>
          )}
        />
      </Flex>
    </Card>
  );
}
