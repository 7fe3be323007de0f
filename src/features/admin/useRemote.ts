import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { describeFailure } from '../../api';

export interface Remote<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
  /** Replaces the shown data with what an action answered (no second request). */
  replace: (data: T) => void;
}

interface Settled<T> {
  /** The request this answers: key and generation. */
  request: string;
  data: T | null;
  error: string | null;
}

/**
 * Live data for an admin screen: loaded on mount and whenever `key` changes, never stored on the
 * device (platform data stays on the server; src/contract/paths.ts "never"). A request overtaken
 * by a newer one is aborted; the data shown stays until the new answer arrives. `loading` is
 * derived: the latest answer is not for the latest request.
 */
export function useRemote<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, doing: string): Remote<T> {
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled<T>>({ request: '', data: null, error: null });
  const [replaced, setReplaced] = useState<{ request: string; data: T } | null>(null);
  const loader = useRef(load);
  useLayoutEffect(() => {
    loader.current = load;
  });
  const request = key === null ? '' : `${generation}:${key}`;

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    loader.current(controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setSettled({ request, data: answer, error: null });
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) setSettled((last) => ({ request, data: last.data, error: describeFailure(caught, doing) }));
      },
    );
    return () => controller.abort();
  }, [key, request, doing]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const replace = useCallback((data: T) => setReplaced({ request, data }), [request]);
  const data = key === null ? null : replaced?.request === request ? replaced.data : settled.data;
  return { data, loading: key !== null && settled.request !== request, error: key === null ? null : settled.error, reload, replace };
}
