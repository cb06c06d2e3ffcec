import type { ReactNode } from 'react';
import { Alert, Flex } from '@aws-amplify/ui-react';
import type { Notice, NoticeApi } from '../hooks/use-notice';

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

/** An admin screen's column: its notice on top, then what the screen shows. */
export function NoticedColumn({ notice, children }: { notice: NoticeApi; children: ReactNode }) {
  return (
    <Flex direction="column" gap="large">
      <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
      {children}
    </Flex>
  );
}
