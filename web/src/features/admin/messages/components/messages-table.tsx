import { Button, Flex, TableCell, TableRow } from '@aws-amplify/ui-react';
import type { ContactMessage } from '@goldbot/shared';
import { PagedTable } from '../../components/paged-table';
import { reloadPage } from '@/lib/reload-page';
import { formatDateTime } from '@/lib/format';
import { previewText, relativeDate } from '../lib/message-text';
import { replyHref } from '../lib/reply-link';
import type { MessageList } from '../api/get-messages';
import { StatusCell } from '../../components/row-cells';

export const NO_MESSAGES = 'No messages found';
export const FETCH_MESSAGES_FAILED = 'Failed to fetch contacts';

interface MessagesTableProps {
  /** The table's accessible name. */
  label: string;
  /** The tab's messages, as the server selected them. */
  list: MessageList;
  /** For the relative dates. */
  now: number;
  onOpen: (message: ContactMessage) => void;
  onDelete: (message: ContactMessage) => void;
}

/**
 * Name, Email, Message (50 characters and '...'), Date (relative), Status, Actions (Reply, Delete)
 *. The preview opens the message. A failed first load offers 'Try Again', which reloads
 * the page.
 */
export function MessagesTable({ label, list, now, onOpen, onDelete }: MessagesTableProps) {
  return (
    <PagedTable
      list={list}
      loadingText="Loading messages..."
      emptyText={NO_MESSAGES}
      errorText={FETCH_MESSAGES_FAILED}
      onRetry={reloadPage}
      label={label}
      columns={['Name', 'Email', 'Message', 'Date', 'Status', 'Actions']}
      row={(message) => {
        const { read } = message;
        return (
          <TableRow key={message._id}>
            <TableCell fontWeight={read ? undefined : 'semibold'} style={{ overflowWrap: 'break-word' }}>
              {message.name}
            </TableCell>
            <TableCell style={{ overflowWrap: 'break-word' }}>{message.email}</TableCell>
            <TableCell>
              <Button
                variation="link"
                size="small"
                padding="0"
                textAlign="start"
                fontWeight={read ? 'normal' : 'semibold'}
                onClick={() => onOpen(message)}
                title="Open message"
              >
                {previewText(message.message)}
              </Button>
            </TableCell>
            <TableCell whiteSpace="nowrap">
              <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
                {relativeDate(message.createdAt, now)}
              </time>
            </TableCell>
            <StatusCell status={read ? 'read' : 'unread'} />
            <TableCell>
              <Flex gap="xs" wrap="nowrap">
                <Button as="a" size="small" href={replyHref(message.email)}>
                  Reply
                </Button>
                <Button size="small" variation="destructive" onClick={() => onDelete(message)}>
                  Delete
                </Button>
              </Flex>
            </TableCell>
          </TableRow>
        );
      }}
    />
  );
}
