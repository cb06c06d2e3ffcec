import { useState } from 'react';
import { Button, Flex, Link, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import { PACKAGE_NAMES, type CloseOrder, type UnmatchedTransfer } from '@goldbot/shared';
import type { ApiError } from '@/lib/api-client';
import { formatDateTime, formatUsdt } from '@/lib/format';
import { AdminModal } from '../../components/admin-modal';
import { AdminTable } from '../../components/admin-table';
import { CodeDetail, Detail, DetailList, DetailSection } from '../../components/detail-list';
import { AdminCopyButton } from '../../components/copyable-code';
import { NoticeAlert } from '../../components/notice-alert';
import { UserIdentity } from '../../components/user-identity';
import { useNotice } from '../../hooks/use-notice';
import { explorerUrl } from '../../payments/components/chain-check-section';
import { CLOSE_REASON_TEXT, REASON_TEXT, TransferStatusBadge } from './transfer-text';
import { TransferDecision, type Assignee, type DecisionOutcome } from './transfer-decision';

interface TransferDetailModalProps {
  transfer: UnmatchedTransfer;
  onClose: () => void;
  /** The server took the decision: its message, for the list's notice. */
  onDecided: (outcome: DecisionOutcome) => void;
  /** Decided meanwhile by someone else (409) or gone (404): the server's message. */
  onStale: (error: ApiError) => void;
}

/**
 * One unmatched transfer: amount, payer, receiving wallet, block time and number, TXID (copy, and
 * the transaction on Tronscan), why no order took it, and the orders that came close. While open,
 * the admin gives it to a customer's package or closes it as refunded or ignored, each confirmed
 * first; a decided one shows its decision.
 */
export function TransferDetailModal({ transfer, onClose, onDecided, onStale }: TransferDetailModalProps) {
  const notice = useNotice();
  // The package of the closest order is the likeliest; the customer is always chosen by the admin.
  const [assignee, setAssignee] = useState<Assignee>({
    user: null,
    packageName: transfer.closeOrders[0]?.packageName ?? PACKAGE_NAMES.basic,
  });
  const [busy, setBusy] = useState(false);
  const open = transfer.status === 'open';

  const chooseOrder = (order: CloseOrder) => setAssignee({ user: order.user, packageName: order.packageName });

  return (
    <AdminModal title="Unmatched Transfer" onClose={() => !busy && onClose()}>
      <Flex direction="column" gap="medium">
        <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
        <DetailList>
          <Detail label="Amount">
            <Text as="span" fontWeight="semibold">
              {formatUsdt(transfer.amount)}
            </Text>
          </Detail>
          <Detail label="Status">
            <TransferStatusBadge status={transfer.status} />
          </Detail>
          <Detail label="Why unmatched">{REASON_TEXT[transfer.reason]}</Detail>
          <CodeDetail label="Payer's address">{transfer.from}</CodeDetail>
          <CodeDetail label="To wallet">{transfer.to}</CodeDetail>
          <Detail label="Block time">{formatDateTime(transfer.confirmedAt)}</Detail>
          {transfer.blockNumber !== null && (
            <Detail label="Block">{transfer.blockNumber.toLocaleString('en-US')}</Detail>
          )}
          <Detail label="Recorded">{formatDateTime(transfer.recordedAt)}</Detail>
          <Detail label="Transaction ID">
            <Flex as="span" direction="column" gap="xxs">
              <Text as="code" fontFamily="monospace" style={{ overflowWrap: 'anywhere' }}>
                {transfer.txid}
              </Text>
              <Flex as="span" alignItems="center" gap="small" wrap="wrap">
                <AdminCopyButton text={transfer.txid} what="transactionId" notice={notice} />
                <Link href={explorerUrl(transfer.txid)} target="_blank" rel="noopener noreferrer">
                  View on Tronscan
                </Link>
              </Flex>
            </Flex>
          </Detail>
        </DetailList>

        <DetailSection title="Orders that came close">
          {transfer.closeOrders.length === 0 ? (
            <Text color="font.secondary">No order of this amount or of this payer.</Text>
          ) : (
            <AdminTable
              label="Orders that came close"
              columns={['Customer', 'Package', 'Amount', 'Open', 'Why', ...(open ? ['Action'] : [])]}
            >
              {transfer.closeOrders.map((order) => (
                <TableRow key={`${order.orderId}-${order.reason}`}>
                  <TableCell>
                    <UserIdentity user={order.user} emphasize />
                  </TableCell>
                  <TableCell>{order.packageName}</TableCell>
                  <TableCell>{formatUsdt(order.amount)}</TableCell>
                  <TableCell>
                    <Text as="span" fontSize="small">
                      {formatDateTime(order.createdAt)} to {formatDateTime(order.expiresAt)}
                    </Text>
                  </TableCell>
                  <TableCell>{CLOSE_REASON_TEXT[order.reason]}</TableCell>
                  {open && (
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() => chooseOrder(order)}
                        isDisabled={busy}
                        ariaLabel={`Assign to ${order.user.username}'s ${order.packageName}`}
                      >
                        Assign here
                      </Button>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </AdminTable>
          )}
        </DetailSection>

        {open ? (
          <TransferDecision
            transfer={transfer}
            assignee={assignee}
            onAssigneeChange={setAssignee}
            onBusyChange={setBusy}
            onDecided={onDecided}
            onStale={onStale}
            notice={notice}
          />
        ) : (
          <DecidedSection transfer={transfer} />
        )}
      </Flex>
    </AdminModal>
  );
}

/** What was decided, by whom and when. */
function DecidedSection({ transfer }: { transfer: UnmatchedTransfer }) {
  const { decision } = transfer;
  if (!decision) return null;
  return (
    <DetailSection title="Decision">
      <DetailList>
        <Detail label="Decided">
          <TransferStatusBadge status={transfer.status} />
        </Detail>
        <Detail label="By">{decision.byEmail ?? decision.by}</Detail>
        <Detail label="At">{formatDateTime(decision.at)}</Detail>
        {decision.packageName && <Detail label="Package">{decision.packageName}</Detail>}
        {decision.userId && <CodeDetail label="Customer id">{decision.userId}</CodeDetail>}
        {decision.paymentId && <CodeDetail label="Payment">{decision.paymentId}</CodeDetail>}
        <Detail label="Note">
          <Text as="span" style={{ whiteSpace: 'pre-wrap' }}>
            {decision.note || '-'}
          </Text>
        </Detail>
      </DetailList>
    </DetailSection>
  );
}
