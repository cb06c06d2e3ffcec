import type { ReactNode } from 'react';
import { Button, Flex } from '@aws-amplify/ui-react';
import type { PagedList } from '../hooks/use-paged-list';
import { ListEmpty, ListLoadFailed, ListLoading, ListRefreshFailed, SearchScopeNote } from './list-states';

export interface PagedListViewProps<TItem> {
  list: PagedList<TItem, unknown>;
  /** Shown with the Loader on the first load ('Loading payments...'). */
  loadingText: string;
  /** Shown when the list is empty. */
  emptyText: string;
  /** The fallback when a load fails without a message of the server's. */
  errorText: string;
  /** The heading when the first load fails (no rows to keep), where the spec names its own; else errorText. */
  loadFailedText?: string;
  /** The table of the loaded rows (never called with none). */
  children: (items: TItem[]) => ReactNode;
  /** What 'Try Again' does after a failed first load; by default it loads the list again. */
  onRetry?: () => void;
  /** The rows in a sentence ('users'), for the note on what a search looked at. */
  noun?: string;
}

/**
 * The states around a paged admin table: a Loader only on the first load (background refreshes
 * change the rows in place); a failed first load replaces the table, a failed refresh keeps the
 * rows under a dismissible alert; the empty text; 'Load more' while the server has a next page.
 */
export function PagedListView<TItem>({
  list,
  loadingText,
  emptyText,
  errorText,
  loadFailedText,
  children,
  onRetry,
  noun = 'rows',
}: PagedListViewProps<TItem>) {
  if (list.isLoading) return <ListLoading text={loadingText} />;
  if (list.error && list.items.length === 0) {
    return (
      <ListLoadFailed
        error={list.error}
        fallback={loadFailedText ?? errorText}
        onRetry={onRetry ?? (() => void list.refresh())}
      />
    );
  }
  return (
    <Flex direction="column" gap="medium">
      {list.error ? <ListRefreshFailed error={list.error} fallback={errorText} /> : null}
      <SearchScopeNote scope={list.searchScope} noun={noun} />
      {list.items.length === 0 ? <ListEmpty text={emptyText} /> : children(list.items)}
      {list.hasMore && (
        <Button
          alignSelf="center"
          onClick={list.loadMore}
          isLoading={list.isLoadingMore}
          isDisabled={list.isLoadingMore}
          loadingText="Loading..."
        >
          Load more
        </Button>
      )}
    </Flex>
  );
}
