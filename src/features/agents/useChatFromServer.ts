/**
 * The open chat read from the server: when it opens, and again each time the connection comes
 * back. A chat opened offline (or read while the connection was gone) shows what the device held,
 * which may be older than the server's: a reply finished meanwhile, messages sent from another
 * device. A reply still being written is waited for (after a reload, or one the connection left
 * behind).
 */
import { useEffect, useState } from 'react';
import { onConnectionBack } from '../../pwa';
import { loadSessionMessages } from './agents.store';
import { isLocked } from './chat.store';
import { startWaiting } from './chat-waiting';

export function useChatFromServer(sessionId: string, slug: string, spaceId: string | null | undefined): void {
  const reconnections = useReconnections();
  useEffect(() => {
    if (!spaceId || !sessionId) return;
    void loadSessionMessages(sessionId).then((latest) => {
      if (latest && (latest.status === 'queued' || latest.status === 'running') && !isLocked(sessionId)) {
        startWaiting(sessionId, slug, Date.parse(latest.updated_at), new Date(Date.now() - 60_000).toISOString());
      }
    });
  }, [spaceId, sessionId, slug, reconnections]);
}

/**
 * How many times the connection came back while this screen was open, as the browser or the
 * offline probe says. Not when an answer to some request said so: a read answered from the
 * worker's saved copy (a network slower than its limit) puts the app offline and the next live
 * answer puts it back, and reading the chat again each time would go round for as long as the
 * network stays slow.
 */
function useReconnections(): number {
  const [count, setCount] = useState(0);
  useEffect(
    () =>
      onConnectionBack((cause) => {
        if (cause !== 'request') setCount((seen) => seen + 1);
      }),
    [],
  );
  return count;
}
