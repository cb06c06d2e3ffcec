import { useState } from 'react';
import { Button, Flex } from '@aws-amplify/ui-react';
import { ADMIN_MESSAGES, TOAST_MS } from '@goldbot/shared';
import { RefreshButton } from '../../components/refresh-button';
import { ListEmpty, ListLoadFailed, ListLoading, ListRefreshFailed } from '../../components/list-states';
import { NoticedColumn } from '../../components/notice-alert';
import { useNotice } from '../../hooks/use-notice';
import { errorMessage } from '../../lib/error-message';
import { useActivations } from '../api/get-activations';
import { sendActivationMails } from '../api/send-activation-mails';
import { ActivationsTable } from './activations-table';

/**
 * Admin activations, 'Subscription Activations': today's Basic Package
 * subscribers whose activation e-mail is not sent yet, Refresh, and 'Send Activation Emails' -
 * disabled while the list is empty or a send is under way - which says what the server did and
 * reads the list again.
 */
export function SubscriptionActivations() {
  const { data, error, isLoading, isValidating, mutate } = useActivations();
  const [sending, setSending] = useState(false);
  const notice = useNotice();
  const subscriptions = data?.subscriptions ?? [];

  const send = async () => {
    setSending(true);
    notice.clear();
    try {
      const { message } = await sendActivationMails();
      // No spec timing for this notice: the notification library's default.
      notice.show('success', message, TOAST_MS.libraryDefault);
    } catch (sendError) {
      notice.show('error', errorMessage(sendError, ADMIN_MESSAGES.sendActivationFailed));
    } finally {
      setSending(false);
      // Sent or not, the list is read again: whoever was mailed has left it.
      void mutate();
    }
  };

  let list;
  if (isLoading && !data) {
    list = <ListLoading text="Loading subscriptions..." />;
  } else if (error && !data) {
    list = (
      <ListLoadFailed error={error} fallback={ADMIN_MESSAGES.fetchSubscriptionsFailed} onRetry={() => void mutate()} />
    );
  } else {
    list = (
      <>
        {error ? <ListRefreshFailed error={error} fallback={ADMIN_MESSAGES.fetchSubscriptionsFailed} /> : null}
        {subscriptions.length === 0 ? (
          <ListEmpty text="No Basic Package subscriptions starting today" />
        ) : (
          <ActivationsTable subscriptions={subscriptions} />
        )}
      </>
    );
  }

  return (
    <NoticedColumn notice={notice}>
      <Flex wrap="wrap" gap="small">
        <RefreshButton onClick={() => void mutate()} refreshing={isValidating && !sending} isDisabled={sending} />
        <Button
          variation="primary"
          onClick={() => void send()}
          isDisabled={subscriptions.length === 0 || sending}
          isLoading={sending}
          loadingText="Sending..."
        >
          Send Activation Emails
        </Button>
      </Flex>
      {list}
    </NoticedColumn>
  );
}
