import { useState } from 'react';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** The search is sent once typing pauses this long (the server searches). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ServerSearch {
  /** What the field shows. */
  input: string;
  /** What the lists search for: the input once typing has paused. */
  search: string;
  change: (value: string) => void;
  /** Enter: search now. */
  submit: (value: string) => void;
  /** The field's clear button: back to every row at once. */
  clear: () => void;
}

/** A search field's text and the debounced term the server is asked for. */
export function useServerSearch(): ServerSearch {
  const [input, setInput] = useState('');
  const [search, setSearchNow] = useDebouncedValue(input, SEARCH_DEBOUNCE_MS);
  return {
    input,
    search,
    change: setInput,
    submit: setSearchNow,
    clear: () => {
      setInput('');
      setSearchNow('');
    },
  };
}
