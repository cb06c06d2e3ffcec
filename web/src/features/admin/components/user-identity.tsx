import { Text } from '@aws-amplify/ui-react';

/** A user as the admin tables and modals show one: the username, the e-mail under it. */
export function UserIdentity({
  user,
  emphasize = false,
}: {
  user: { username: string; email: string };
  emphasize?: boolean;
}) {
  return (
    <>
      <Text as="span" display="block" fontWeight={emphasize ? 'semibold' : undefined}>
        {user.username}
      </Text>
      <Text as="span" display="block" fontSize="small" color="font.secondary">
        {user.email}
      </Text>
    </>
  );
}
