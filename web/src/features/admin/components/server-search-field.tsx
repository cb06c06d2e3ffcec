import type { ReactNode } from 'react';
import { Flex, SearchField, View } from '@aws-amplify/ui-react';
import type { ServerSearch } from '../hooks/use-server-search';

/** The longest search the server accepts (shared list query schemas). */
const SEARCH_MAX_LENGTH = 128;

/** An admin screen's search field, searched on the server once typing pauses (or on Enter). */
interface ServerSearchFieldProps {
  label: string;
  placeholder: string;
  search: ServerSearch;
}

export function ServerSearchField({ label, placeholder, search }: ServerSearchFieldProps) {
  return (
    <SearchField
      label={label}
      placeholder={placeholder}
      value={search.input}
      onChange={(event) => search.change(event.target.value)}
      onClear={search.clear}
      onSubmit={search.submit}
      maxLength={SEARCH_MAX_LENGTH}
    />
  );
}

/** An admin list's search row: the search field takes the room, the screen's buttons (an export, a refresh) follow. */
export function SearchToolbar({ children, ...field }: ServerSearchFieldProps & { children: ReactNode }) {
  return (
    <Flex alignItems="flex-start" gap="small" wrap="wrap">
      <View flex="1 1 20rem">
        <ServerSearchField {...field} />
      </View>
      {children}
    </Flex>
  );
}
