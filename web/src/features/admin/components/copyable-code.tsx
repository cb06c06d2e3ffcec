import { Flex, Text } from '@aws-amplify/ui-react';
import { TOAST_MS } from '@goldbot/shared';
import { CopyButton, type CopyOutcome } from '@/components/ui/copy-button';
import type { NoticeApi } from '../hooks/use-notice';

/** The values the back-office copies: each one's button name and what the notice then says. */
const COPIED_VALUES = {
  transactionId: {
    label: 'Copy transaction ID',
    messages: {
      copied: 'Transaction ID copied to clipboard',
      copyFailed: 'Could not copy the transaction ID. Please select and copy it by hand.',
    },
  },
  trc20Address: {
    label: 'Copy TRC20 address',
    messages: {
      copied: 'TRC20 address copied to clipboard!',
      copyFailed: 'Could not copy the TRC20 address. Please select and copy it by hand.',
    },
  },
  accountNumber: {
    label: 'Copy account number',
    messages: {
      copied: 'Account number copied to clipboard!',
      copyFailed: 'Could not copy the account number. Please select and copy it by hand.',
    },
  },
} as const;

export type CopiedValue = keyof typeof COPIED_VALUES;

interface AdminCopyButtonProps {
  text: string;
  what: CopiedValue;
  /** The screen's notice, where the outcome is told: the copied message for 3 s, a failure until dismissed. */
  notice: NoticeApi;
  /** The button's name where one screen has several ('Copy account number of trader42'). */
  label?: string;
}

/** The back-office's Copy: the site's CopyButton, small, telling its outcome in the screen's notice. */
export function AdminCopyButton({ text, what, notice, label }: AdminCopyButtonProps) {
  const copied = COPIED_VALUES[what];
  const tell = ({ variant, message }: CopyOutcome) =>
    notice.show(variant, message, variant === 'success' ? TOAST_MS.adminMessages : undefined);
  return <CopyButton text={text} label={label ?? copied.label} messages={copied.messages} onOutcome={tell} compact />;
}

/** A value in monospace with Copy beside it (a TXID, a wallet address, an account number). */
export function CopyableCode(props: AdminCopyButtonProps) {
  return (
    <Flex as="span" alignItems="center" gap="xs" wrap="wrap">
      <Text as="code" fontFamily="monospace" style={{ overflowWrap: 'anywhere' }}>
        {props.text}
      </Text>
      <AdminCopyButton {...props} />
    </Flex>
  );
}
