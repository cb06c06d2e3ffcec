import { Avatar, Divider, Flex, Heading, Text, View } from '@aws-amplify/ui-react';
import { TOAST_MS, type AdminUser } from '@goldbot/shared';
import { ConfirmPrompt } from '../../components/confirm-dialog';
import { Detail, DetailList } from '../../components/detail-list';
import { AdminModal } from '../../components/admin-modal';
import { NoticeAlert } from '../../components/notice-alert';
import { StatusBadge } from '../../components/status-badge';
import { useNotice } from '../../hooks/use-notice';
import { formatDateTime, formatUsd } from '@/lib/format';
import type { UserActionResponse } from '../api/set-user-active';
import { actionErrorText, confirmWording, useUserStatus, type UserStatusChange } from '../hooks/use-user-status';
import { SubscriptionSupport } from './subscription-support';
import { UserStatusButton } from './user-status-button';
import { UserSubscriptions } from './user-subscriptions';
import { phoneText } from './users-table';

/** The avatar's letter: the username's first character, upper-cased. */
export const initialOf = (username: string) => username.trim().charAt(0).toUpperCase() || '?';

interface UserDetailModalProps {
  user: AdminUser;
  /** The signed-in admin's own account: no deactivation. */
  isSelf: boolean;
  onClose: () => void;
  /** The server changed the user's status; the modal shows the answer's user from then on. */
  onChanged: (change: UserStatusChange, response: UserActionResponse) => void;
}

/**
 * A user's details: avatar initial, username, e-mail, phone ('Not
 * provided'), the Active/Inactive badge, account information, the subscription history, support's
 * subscription controls (grant, extend, end), the Activate/Deactivate button with its
 * confirmation; the modal's own Close button closes it.
 */
export function UserDetailModal({ user, isSelf, onClose, onChanged }: UserDetailModalProps) {
  const notice = useNotice();
  const status = useUserStatus({
    onChanged: (change, response) => {
      notice.show('success', response.message, TOAST_MS.inPageNotification);
      onChanged(change, response);
    },
    onFailed: (change, error) => notice.show('error', actionErrorText(change.action, error)),
  });

  return (
    <AdminModal title="User Details" onClose={() => !status.busy && onClose()}>
      <Flex direction="column" gap="medium">
        <NoticeAlert notice={notice.notice} onDismiss={notice.clear} />
        <Flex alignItems="center" gap="medium" wrap="wrap">
          <Avatar size="large" variation="filled" aria-hidden="true">
            {initialOf(user.username)}
          </Avatar>
          <Flex direction="column" gap="xxs" flex="1">
            <Heading level={3}>{user.username}</Heading>
            <Text style={{ overflowWrap: 'anywhere' }}>{user.email}</Text>
            <Text color="font.secondary">{phoneText(user)}</Text>
          </Flex>
          <StatusBadge status={user.isActive ? 'active' : 'inactive'} />
        </Flex>

        <View as="section" aria-label="Account Information">
          <Heading level={4} marginBlockEnd="xs">
            Account Information
          </Heading>
          <DetailList>
            <Detail label="User ID">
              <Text as="span" fontFamily="monospace">
                {user._id}
              </Text>
            </Detail>
            <Detail label="Admin Privileges">{user.isAdmin ? 'Yes' : 'No'}</Detail>
            <Detail label="Referral Code">{user.referralCode}</Detail>
            <Detail label="Referral Earnings">{formatUsd(user.referralEarnings)}</Detail>
            <Detail label="Created At">{formatDateTime(user.createdAt)}</Detail>
            <Detail label="Last Updated">{formatDateTime(user.updatedAt)}</Detail>
          </DetailList>
        </View>

        <View as="section" aria-label="Subscription History">
          <Heading level={4} marginBlockEnd="xs">
            Subscription History
          </Heading>
          <UserSubscriptions userId={user._id} />
        </View>

        <SubscriptionSupport user={user} />

        <Divider />
        {status.confirming ? (
          <ConfirmPrompt
            wording={confirmWording(status.confirming.user, status.confirming.action)}
            destructive={status.confirming.action === 'deactivate'}
            busy={status.busy}
            onConfirm={() => void status.confirm()}
            onCancel={status.cancel}
          />
        ) : (
          <UserStatusButton user={user} isSelf={isSelf} onClick={status.ask} />
        )}
      </Flex>
    </AdminModal>
  );
}
