import { Button, Card, Divider, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import type { ContactMessage } from '@goldbot/shared';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '@/lib/format';
import { relativeDate } from '../lib/message-text';
import { replyHref } from '../lib/reply-link';

interface MessageDetailProps {
  message: ContactMessage;
  now: number;
  onBack: () => void;
  onDelete: (message: ContactMessage) => void;
}

/** An opened message: who sent it and when, the whole text, Reply, Delete and Back. */
export function MessageDetail({ message, now, onBack, onDelete }: MessageDetailProps) {
  return (
    <Flex direction="column" gap="medium" as="article" aria-label={`Message from ${message.name}`}>
      <Button alignSelf="flex-start" size="small" onClick={onBack}>
        ← Back to Messages
      </Button>
      <Card variation="outlined">
        <Flex direction="column" gap="small">
          <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap">
            <Flex direction="column" gap="xxs">
              <Heading level={2}>{message.name}</Heading>
              <Link href={replyHref(message.email)} style={{ overflowWrap: 'anywhere' }}>
                {message.email}
              </Link>
              <Text fontSize="small" color="font.secondary">
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time> (
                {relativeDate(message.createdAt, now)})
              </Text>
            </Flex>
            <StatusBadge status={message.read ? 'read' : 'unread'} />
          </Flex>
          <Divider />
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.message}</Text>
          <Divider />
          <Flex gap="small" wrap="wrap">
            <Button as="a" variation="primary" href={replyHref(message.email)}>
              Reply
            </Button>
            <Button variation="destructive" onClick={() => onDelete(message)}>
              Delete
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
