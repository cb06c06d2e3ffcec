import { Alert } from '@aws-amplify/ui-react';
import type { Notice } from '../hooks/use-notice';

/** An admin screen's notice as an Amplify Alert; errors can be dismissed, successes clear themselves. */
export function NoticeAlert({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  if (!notice) return null;
  return (
    <Alert
      // A new notice is a new alert: Amplify's Alert remembers being dismissed.
      key={notice.id}
      variation={notice.variation}
      isDismissible={notice.variation === 'error'}
      onDismiss={onDismiss}
    >
      {notice.message}
    </Alert>
  );
}
