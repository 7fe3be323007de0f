import { useEffect, useState } from 'react';

/** Re-render this often so "5 minutes ago" does not go stale while the screen stays open. */
const TICK_MS = 30_000;

/** The current time (epoch ms), refreshed every 30 s: for "… ago" labels rendered purely. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
