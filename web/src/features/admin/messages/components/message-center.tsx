import { useState } from 'react';
import { Button, Flex } from '@aws-amplify/ui-react';
import { CONTACT_MESSAGES, TOAST_MS, type ContactMessage, type ContactReadFilter } from '@goldbot/shared';
import { ApiError } from '@/lib/api-client';
import { RefreshButton } from '../../components/refresh-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { StatusTabs } from '../../components/status-tabs';
import { NoticedColumn } from '../../components/notice-alert';
import { SearchToolbar } from '../../components/server-search-field';
import { StatCards } from '../../components/stat-cards';
import { useNotice } from '../../hooks/use-notice';
import { useServerSearch } from '../../hooks/use-server-search';
import { errorMessage } from '../../lib/error-message';
import { useMessages } from '../api/get-messages';
import { markAllMessagesRead, markMessageRead } from '../api/mark-messages-read';
import { useDeleteMessage } from '../hooks/use-delete-message';
import { useNow } from '../hooks/use-now';
import { MessageDetail } from './message-detail';
import { MessagesTable } from './messages-table';

export type MessageTab = ContactReadFilter;

const TABS: ReadonlyArray<{ value: MessageTab; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];

export const MESSAGES_TEXT = {
  refreshed: 'Messages refreshed successfully',
  deleted: 'Message deleted successfully',
  confirmDelete: 'Are you sure you want to delete this message?',
  markedRead: CONTACT_MESSAGES.markedAllRead,
  markAllReadFailed: (error: unknown) => errorMessage(error, 'Failed to mark messages as read'),
  markReadFailed: (error: unknown) => errorMessage(error, 'Failed to mark the message as read'),
  deleteFailed: (error: unknown) => `Error deleting message: ${errorMessage(error, 'Failed to delete contact')}`,
} as const;

/** Relative dates move on once a minute. */
const CLOCK_TICK_MS = 60_000;

/**
 * Admin contact messages, 'Messages': a server search on name, e-mail and message; Total, Unread
 * and Today from the server's counts over every message; the All/Unread/Read tabs, each a server
 * list of the messages' read state (kept on the server, one for every administrator); Refresh and
 * Mark All Read, which marks every unread message, not only those on screen; the table with Reply
 * and a confirmed Delete; opening a message marks it read and shows it in full with a way back.
 */
export function MessageCenter() {
  const search = useServerSearch();
  const [tab, setTab] = useState<MessageTab>('all');
  const list = useMessages(search.search, tab);
  const now = useNow(CLOCK_TICK_MS);
  const notice = useNotice();
  const [opened, setOpened] = useState<ContactMessage | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [markingAll, setMarkingAll] = useState(false);

  const removal = useDeleteMessage({
    onDeleted: (message) => {
      setOpened((current) => (current?._id === message._id ? null : current));
      notice.show('success', MESSAGES_TEXT.deleted, TOAST_MS.adminMessages);
      void list.refresh();
    },
    onFailed: (_message, error) => {
      notice.show('error', MESSAGES_TEXT.deleteFailed(error), TOAST_MS.adminMessages);
      // Deleted elsewhere meanwhile: show the list as it is now.
      if (error instanceof ApiError && error.status === 404) void list.refresh();
    },
  });

  const unreadCount = list.summary?.unreadCount;

  const open = (message: ContactMessage) => {
    setOpened({ ...message, read: true });
    if (message.read) return;
    markMessageRead(message._id).then(
      // The cards and the tabs follow the server.
      () => void list.refresh(),
      (error: unknown) => {
        setOpened((current) => (current?._id === message._id ? { ...current, read: false } : current));
        notice.show('error', MESSAGES_TEXT.markReadFailed(error), TOAST_MS.adminMessages);
        void list.refresh();
      },
    );
  };

  const refresh = async () => {
    if (refreshing) return;
    setRefreshing(true);
    try {
      // A failed read the list says itself (its rows stay under the failure, or 'Failed to fetch contacts').
      if (await list.reload()) notice.show('success', MESSAGES_TEXT.refreshed, TOAST_MS.adminMessages);
      else notice.clear();
    } finally {
      setRefreshing(false);
    }
  };

  const markAllRead = async () => {
    if (markingAll) return;
    setMarkingAll(true);
    try {
      const marked = await markAllMessagesRead();
      notice.show('success', MESSAGES_TEXT.markedRead(marked), TOAST_MS.adminMessages);
    } catch (error) {
      notice.show('error', MESSAGES_TEXT.markAllReadFailed(error), TOAST_MS.adminMessages);
    } finally {
      setMarkingAll(false);
      void list.refresh();
    }
  };

  const confirmation = removal.confirming && (
    <ConfirmDialog
      title="Delete Message"
      wording={{ question: MESSAGES_TEXT.confirmDelete, confirm: 'Delete', busy: 'Deleting...' }}
      destructive
      busy={removal.busy}
      onConfirm={() => void removal.confirm()}
      onCancel={removal.cancel}
    />
  );

  if (opened) {
    return (
      <NoticedColumn notice={notice}>
        <MessageDetail message={opened} now={now} onBack={() => setOpened(null)} onDelete={removal.ask} />
        {confirmation}
      </NoticedColumn>
    );
  }

  return (
    <NoticedColumn notice={notice}>
      <StatCards
        cards={[
          { label: 'Total', value: list.summary?.totalCount },
          { label: 'Unread', value: unreadCount, highlight: true },
          { label: 'Today', value: list.summary?.todayCount },
        ]}
      />
      <SearchToolbar label="Search messages" placeholder="Search by name, email or message" search={search}>
        <Flex gap="small" wrap="wrap">
          <RefreshButton size="small" onClick={() => void refresh()} refreshing={refreshing} isDisabled={refreshing} />
          <Button
            size="small"
            variation="primary"
            onClick={() => void markAllRead()}
            isLoading={markingAll}
            isDisabled={markingAll || !unreadCount}
            loadingText="Marking..."
          >
            Mark All Read
          </Button>
        </Flex>
      </SearchToolbar>
      <StatusTabs tabs={TABS} value={tab} onChange={setTab}>
        {({ label }) => (
          <MessagesTable label={`${label} messages`} list={list} now={now} onOpen={open} onDelete={removal.ask} />
        )}
      </StatusTabs>
      {confirmation}
    </NoticedColumn>
  );
}
