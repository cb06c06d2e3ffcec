import { useState } from 'react';
import { Button, Flex, Tabs, View } from '@aws-amplify/ui-react';
import { TOAST_MS, type ContactMessage } from '@goldbot/shared';
import { ApiError } from '@/lib/api-client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { NoticeAlert } from '../../components/notice-alert';
import { ServerSearchField } from '../../components/server-search-field';
import { StatCards } from '../../components/stat-cards';
import { useNotice } from '../../hooks/use-notice';
import { useServerSearch } from '../../hooks/use-server-search';
import { errorMessage } from '../../lib/error-message';
import { useMessages } from '../api/get-messages';
import { useDeleteMessage } from '../hooks/use-delete-message';
import { useNow } from '../hooks/use-now';
import { useReadFlags } from '../hooks/use-read-flags';
import { MessageDetail } from './message-detail';
import { MessagesTable } from './messages-table';

export type MessageTab = 'all' | 'unread' | 'read';

const TABS: ReadonlyArray<{ value: MessageTab; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
];

export const MESSAGES_TEXT = {
  refreshed: 'Messages refreshed successfully',
  deleted: 'Message deleted successfully',
  confirmDelete: 'Are you sure you want to delete this message?',
  markedRead: (count: number) => `${count} message${count === 1 ? '' : 's'} marked as read`,
  deleteFailed: (error: unknown) => `Error deleting message: ${errorMessage(error, 'Failed to delete contact')}`,
} as const;

/** Relative dates move on once a minute. */
const CLOCK_TICK_MS = 60_000;

/**
 * Admin contact messages, 'Messages': a server search on name, e-mail and
 * message; Total and Today from the server's summary and Unread from this browser's read flags;
 * All/Unread/Read tabs; Refresh and Mark All Read; the table with Reply and a confirmed Delete;
 * opening a message marks it read and shows it in full with a way back.
 */
export function MessageCenter() {
  const search = useServerSearch();
  const list = useMessages(search.search);
  const flags = useReadFlags();
  const now = useNow(CLOCK_TICK_MS);
  const notice = useNotice();
  const [tab, setTab] = useState<MessageTab>('all');
  const [opened, setOpened] = useState<ContactMessage | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const removal = useDeleteMessage({
    onDeleted: (message) => {
      flags.forget(message._id);
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

  const loaded = list.items;
  const unread = loaded.filter((message) => !flags.isRead(message._id));
  const shown: Record<MessageTab, ContactMessage[]> = {
    all: loaded,
    unread,
    read: loaded.filter((message) => flags.isRead(message._id)),
  };

  const open = (message: ContactMessage) => {
    flags.markRead([message._id]);
    setOpened(message);
  };

  const refresh = async () => {
    if (refreshing) return;
    setRefreshing(true);
    try {
      await list.reload();
      notice.show('success', MESSAGES_TEXT.refreshed, TOAST_MS.adminMessages);
    } catch {
      // The list says it itself (its rows stay under the failure, or 'Failed to fetch contacts').
      notice.clear();
    } finally {
      setRefreshing(false);
    }
  };

  const markAllRead = () => {
    const marked = flags.markRead(unread.map((message) => message._id));
    notice.show('success', MESSAGES_TEXT.markedRead(marked), TOAST_MS.adminMessages);
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
      <Flex direction="column" gap="large">
        <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
        <MessageDetail message={opened} now={now} onBack={() => setOpened(null)} onDelete={removal.ask} />
        {confirmation}
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="large">
      <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
      <StatCards
        cards={[
          { label: 'Total', value: list.summary?.total },
          { label: 'Unread', value: list.isLoading ? undefined : unread.length, highlight: true },
          { label: 'Today', value: list.summary?.today },
        ]}
      />
      <Flex alignItems="flex-start" gap="small" wrap="wrap">
        <View flex="1 1 20rem">
          <ServerSearchField label="Search messages" placeholder="Search by name, email or message" search={search} />
        </View>
        <Flex gap="small" wrap="wrap">
          <Button
            size="small"
            onClick={() => void refresh()}
            isLoading={refreshing}
            isDisabled={refreshing}
            loadingText="Refreshing..."
          >
            Refresh
          </Button>
          <Button size="small" variation="primary" onClick={markAllRead} isDisabled={unread.length === 0}>
            Mark All Read
          </Button>
        </Flex>
      </Flex>
      <Tabs.Container value={tab} onValueChange={(value) => setTab(value as MessageTab)} isLazy>
        <Tabs.List>
          {TABS.map(({ value, label }) => (
            <Tabs.Item key={value} value={value}>
              {label}
            </Tabs.Item>
          ))}
        </Tabs.List>
        {TABS.map(({ value, label }) => (
          <Tabs.Panel key={value} value={value} paddingBlock="medium">
            <MessagesTable
              label={`${label} messages`}
              list={{ ...list, items: shown[value] }}
              isRead={flags.isRead}
              now={now}
              onOpen={open}
              onDelete={removal.ask}
            />
          </Tabs.Panel>
        ))}
      </Tabs.Container>
      {confirmation}
    </Flex>
  );
}
