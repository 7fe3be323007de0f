import type { ReactNode } from 'react';
import { LoadFailed } from './LoadFailed';

interface LoadedContentProps<T> {
  /** What has loaded, or null while nothing has. */
  data: T | null;
  /** Why the latest load failed, or null. */
  error: string | null;
  retrying: boolean;
  onRetry: () => void;
  /** Shown while nothing has loaded and nothing has failed. */
  placeholder: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A part of a screen that loads: the failure with Retry (above what loaded before, which stays),
 * the placeholder while the first load runs, then the content.
 */
export function LoadedContent<T>({ data, error, retrying, onRetry, placeholder, children }: LoadedContentProps<T>) {
  return (
    <>
      {error ? <LoadFailed message={error} onRetry={onRetry} retrying={retrying} /> : null}
      {data !== null ? children(data) : error ? null : placeholder}
    </>
  );
}
