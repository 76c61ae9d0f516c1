import { useEffect, useState, type DependencyList } from 'react';
import { useRefusalReported } from '@/lib/accessRefusal';

export interface Loaded<T> {
  /** Undefined until the first answer (and after a failure). */
  value: T | undefined;
  error: Error | null;
}

/**
 * A value read once when the component mounts, and again when `deps` change: `load` runs in
 * an effect, and an answer that arrives after the component moved on is dropped. For reads
 * that need no live updates (aggregations, pick lists).
 */
export function useLoaded<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>({ value: undefined, error: null });
  useEffect(() => {
    let live = true;
    load()
      .then((value) => live && setState({ value, error: null }))
      .catch((error: unknown) => {
        if (live) {
          setState({
            value: undefined,
            error: error instanceof Error ? error : new Error(String(error)),
          });
        }
      });
    return () => {
      live = false;
    };
    // `deps` stand for what `load` reads, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useRefusalReported(state.error);
  return state;
}
