import { Alert, Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import { errorMessage } from '../lib/error-message';

/** The first load of an admin list ('Loading payments...'): the one time a Loader shows. */
export function ListLoading({ text }: { text: string }) {
  return (
    <Flex role="status" alignItems="center" gap="small" padding="large">
      <Loader size="large" />
      <Text>{text}</Text>
    </Flex>
  );
}

/**
 * A first load that failed, with nothing to show (admin §8): the screen's fallback as the heading,
 * the server's own message under it when it sent one, and 'Try Again'.
 */
export function ListLoadFailed({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  const message = errorMessage(error, fallback);
  return (
    <Alert variation="error" heading={fallback}>
      <Flex direction="column" gap="small" alignItems="flex-start">
        {message !== fallback && <Text as="span">{message}</Text>}
        <Button size="small" onClick={onRetry}>
          Try Again
        </Button>
      </Flex>
    </Alert>
  );
}

/** A failed refresh of a list that has rows: the rows stay, under a dismissible alert. */
export function ListRefreshFailed({ error, fallback }: { error: unknown; fallback: string }) {
  return (
    <Alert variation="error" isDismissible>
      {errorMessage(error, fallback)}
    </Alert>
  );
}

/** An empty list's text ('No payments found'). */
export function ListEmpty({ text }: { text: string }) {
  return (
    <Text padding="large" textAlign="center" color="font.secondary">
      {text}
    </Text>
  );
}
