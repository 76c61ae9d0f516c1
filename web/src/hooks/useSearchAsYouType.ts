import { useEffect, useState } from 'react';
import { useRefusalReported } from '@/lib/accessRefusal';

/** Waits this long after the last keystroke before searching. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchState<T> {
  results: T[];
  loading: boolean;
  failed: boolean;
}

/**
 * Runs `search` for what is typed, `SEARCH_DEBOUNCE_MS` after the last keystroke (at once for
 * empty text), keeping only the latest answer; `text` null searches nothing. `search` is read
 * when `text` or `key` changes: pass in `key` whatever else it depends on.
 */
export function useSearchAsYouType<T>(
  text: string | null,
  search: (text: string) => Promise<T[]>,
  key: unknown = null,
): SearchState<T> {
  const [state, setState] = useState<SearchState<T>>({
    results: [],
    loading: text !== null,
    failed: false,
  });
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (text === null) {
      setState({ results: [], loading: false, failed: false });
      return undefined;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(
      () => {
        search(text)
          .then((results) => live && setState({ results, loading: false, failed: false }))
          .catch((caught: unknown) => {
            if (!live) return;
            setState({ results: [], loading: false, failed: true });
            setError(caught);
          });
      },
      text ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // `search` is read with `text` and `key`: a new function each render must not search again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, key]);
  useRefusalReported(error);
  return state;
}
