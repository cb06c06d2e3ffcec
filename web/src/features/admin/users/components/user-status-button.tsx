import { useId } from 'react';
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { ADMIN_MESSAGES, type AdminUser } from '@goldbot/shared';
import { ACTION_LABEL, actionFor } from '../hooks/use-user-status';

interface UserStatusButtonProps {
  user: AdminUser;
  /** The signed-in admin's own account: it cannot be deactivated (the server refuses too). */
  isSelf: boolean;
  /** Another change is on its way. */
  isDisabled?: boolean;
  onClick: (user: AdminUser) => void;
}

/** 'Deactivate' for an active user, 'Activate' for an inactive one; disabled, with the reason, on one's own row. */
export function UserStatusButton({ user, isSelf, isDisabled = false, onClick }: UserStatusButtonProps) {
  const hintId = useId();
  const action = actionFor(user);
  const blocked = isSelf && action === 'deactivate';
  return (
    <Flex direction="column" gap="xxs" alignItems="flex-start">
      <Button
        size="small"
        variation={action === 'deactivate' ? 'destructive' : 'primary'}
        isDisabled={blocked || isDisabled}
        onClick={() => onClick(user)}
        aria-describedby={blocked ? hintId : undefined}
      >
        {ACTION_LABEL[action]}
      </Button>
      {blocked && (
        <Text id={hintId} fontSize="small" color="font.tertiary">
          {ADMIN_MESSAGES.cannotDeactivateSelf}
        </Text>
      )}
    </Flex>
  );
}
