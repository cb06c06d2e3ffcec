import { useState } from 'react';
import { Button, Flex, Heading, TableCell, TableRow, Text, View } from '@aws-amplify/ui-react';
import { BOT_CONNECTION_MESSAGES, TOAST_MS, type BotConnection, type BotConnectionStatus } from '@goldbot/shared';
import { formatDateTime } from '@/lib/format';
import { CopyableCode } from '../../components/copyable-code';
import { StatusTabs } from '../../components/status-tabs';
import { NoticeAlert } from '../../components/notice-alert';
import { PagedTable } from '../../components/paged-table';
import { UserIdentity } from '../../components/user-identity';
import { useNotice, type NoticeApi } from '../../hooks/use-notice';
import { errorMessage } from '../../lib/error-message';
import { markBotConnected, useBotConnections, type BotConnectionList } from '../api/bot-connections';

export const BOT_CONNECTIONS_TEXT = {
  heading: 'Bot Connections',
  lead: 'Customers with an active paid package who gave the MetaTrader 5 account the bot should trade on. Connect the bot with read-only access (never ask for a password), then mark it connected: the customer is e-mailed.',
  emptyWaiting: 'No MetaTrader 5 accounts waiting for the bot',
  emptyConnected: 'No bots connected yet',
  mark: 'Mark connected',
  marking: 'Marking...',
} as const;

const TABS: ReadonlyArray<{ value: BotConnectionStatus; label: string }> = [
  { value: 'waiting', label: 'Waiting' },
  { value: 'connected', label: 'Connected' },
];

function ConnectionsTable({
  status,
  list,
  notice,
  onMarked,
}: {
  status: BotConnectionStatus;
  list: BotConnectionList;
  notice: NoticeApi;
  onMarked: () => void;
}) {
  const [marking, setMarking] = useState<string | null>(null);
  const mark = async (connection: BotConnection) => {
    if (marking) return;
    setMarking(connection.subscriptionId);
    notice.clear();
    try {
      const { message } = await markBotConnected(connection.subscriptionId);
      notice.show('success', message, TOAST_MS.inPageNotification);
    } catch (error) {
      notice.show('error', errorMessage(error, BOT_CONNECTION_MESSAGES.connectFailed));
    } finally {
      setMarking(null);
      onMarked();
    }
  };
  const waiting = status === 'waiting';
  return (
    <PagedTable
      list={list}
      loadingText="Loading bot connections..."
      emptyText={waiting ? BOT_CONNECTIONS_TEXT.emptyWaiting : BOT_CONNECTIONS_TEXT.emptyConnected}
      errorText={BOT_CONNECTION_MESSAGES.fetchFailed}
      noun="connections"
      label={waiting ? 'MetaTrader 5 accounts waiting for the bot' : 'Bots connected'}
      columns={['User', 'Package', 'Broker', 'Server', 'Account Number', waiting ? 'Requested' : 'Connected', '']}
      row={(connection) => (
        <TableRow key={connection.subscriptionId}>
          <TableCell>
            <UserIdentity user={connection.userId} emphasize />
          </TableCell>
          <TableCell>{connection.packageName}</TableCell>
          <TableCell>{connection.broker}</TableCell>
          <TableCell>
            <Text as="code" fontFamily="monospace">
              {connection.server}
            </Text>
          </TableCell>
          <TableCell>
            <CopyableCode
              text={connection.accountNumber}
              what="accountNumber"
              label={`Copy account number of ${connection.userId.username}`}
              notice={notice}
            />
          </TableCell>
          <TableCell>
            {formatDateTime(waiting ? connection.requestedAt : (connection.connectedAt ?? connection.requestedAt))}
          </TableCell>
          <TableCell>
            {waiting && (
              <Button
                size="small"
                variation="primary"
                onClick={() => void mark(connection)}
                isLoading={marking === connection.subscriptionId}
                loadingText={BOT_CONNECTIONS_TEXT.marking}
                isDisabled={marking !== null}
                aria-label={`${BOT_CONNECTIONS_TEXT.mark}: ${connection.userId.username}, ${connection.packageName}`}
              >
                {BOT_CONNECTIONS_TEXT.mark}
              </Button>
            )}
          </TableCell>
        </TableRow>
      )}
    />
  );
}

/**
 * The Activations screen's bot connections: the MetaTrader 5 accounts customers gave (broker,
 * server, account number), waiting for the team's read-only connection, with 'Mark connected'
 * (the customer is mailed), and the ones already connected.
 */
export function BotConnections() {
  const [tab, setTab] = useState<BotConnectionStatus>('waiting');
  const list = useBotConnections(tab);
  const notice = useNotice();
  return (
    <View as="section" aria-labelledby="bot-connections-heading" marginBlockStart="xxl">
      <Flex direction="column" gap="medium">
        <Heading id="bot-connections-heading" level={2} fontSize="large">
          {BOT_CONNECTIONS_TEXT.heading}
        </Heading>
        <Text color="font.secondary">{BOT_CONNECTIONS_TEXT.lead}</Text>
        <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
        <StatusTabs tabs={TABS} value={tab} onChange={setTab}>
          {({ value }) => (
            <ConnectionsTable status={value} list={list} notice={notice} onMarked={() => void list.refresh()} />
          )}
        </StatusTabs>
      </Flex>
    </View>
  );
}
