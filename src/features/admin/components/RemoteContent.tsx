import type { ReactNode } from 'react';
import { LoadedContent } from '../../../ui/LoadedContent';
import type { Remote } from '../useRemote';

interface RemoteContentProps<T, Shown> {
  remote: Remote<T>;
  /** What of the answer to show, where not all of it (a drawer shows only the row it opened for). */
  shown: Shown | null;
  placeholder: ReactNode;
  children: (shown: Shown) => ReactNode;
}

/** An admin screen's live data (useRemote): the failure with Retry, the placeholder, then the content. */
export function RemoteContent<T, Shown>({ remote, shown, placeholder, children }: RemoteContentProps<T, Shown>) {
  return (
    <LoadedContent data={shown} error={remote.error} retrying={remote.loading} onRetry={remote.reload} placeholder={placeholder}>
      {children}
    </LoadedContent>
  );
}
