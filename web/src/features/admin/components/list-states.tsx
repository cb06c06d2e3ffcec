import { Alert, Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import type { ListSearchScope } from '@goldbot/shared';
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
 * A first load that failed, with nothing to show: the screen's fallback as the heading,
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

/**
 * What a search looked at when it was not everything (see docs/data-model.md on search): a term found inside
 * the values was looked for among the newest rows only ('Load more' goes further back), or a term
 * that starts many usernames or e-mails took only the first users.
 */
export function searchScopeText(scope: ListSearchScope | undefined, noun: string): string | null {
  if (!scope || scope.limitedTo === null) return null;
  return scope.matched === 'inside'
    ? `No username or e-mail starts with this search, so it was looked for anywhere in the newest ${scope.limitedTo} ${noun} only. 'Load more' searches older ones.`
    : `Showing the ${noun} of the first ${scope.limitedTo} users whose username or e-mail starts with this search. Type more of it to narrow the search.`;
}

export function SearchScopeNote({ scope, noun }: { scope: ListSearchScope | undefined; noun: string }) {
  const text = searchScopeText(scope, noun);
  return text === null ? null : (
    <Alert variation="info" role="status">
      {text}
    </Alert>
  );
}
