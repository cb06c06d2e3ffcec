import { SearchField } from '@aws-amplify/ui-react';
import type { ServerSearch } from '../hooks/use-server-search';

/** The longest search the server accepts (shared list query schemas). */
const SEARCH_MAX_LENGTH = 128;

/** An admin screen's search field, searched on the server once typing pauses (or on Enter). */
export function ServerSearchField({
  label,
  placeholder,
  search,
}: {
  label: string;
  placeholder: string;
  search: ServerSearch;
}) {
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
