import { useEffect, useState } from 'react';
import type { SsoLookup } from '../../contract/sso';
import { describeError, logger } from '../../lib/logger';
import { getSsoLookup } from './sso.api';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Ask once typing pauses, not at every key. */
const TYPING_PAUSE_MS = 350;

export type SsoOption = NonNullable<SsoLookup['sso']>;

/**
 * Whether the typed email's domain signs in through its organisation's identity provider. Only
 * the latest address counts; a failed look-up reads as "no" (the password form is still there).
 */
export function useSsoLookup(email: string): SsoOption | null {
  const [found, setFound] = useState<{ domain: string; option: SsoOption } | null>(null);
  const typed = email.trim().toLowerCase();
  const domain = LOOKS_LIKE_EMAIL.test(typed) ? typed.slice(typed.lastIndexOf('@') + 1) : '';

  useEffect(() => {
    if (!domain) return;
    let current = true;
    const timer = setTimeout(() => {
      getSsoLookup(typed)
        .then((answer) => {
          if (current) setFound(answer.sso ? { domain, option: answer.sso } : null);
        })
        .catch((error: unknown) => logger.info('Single sign-on look-up failed; offering the password form', { error: describeError(error) }));
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The answer is per domain: a change within the local part asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [domain]);

  return found && found.domain === domain ? found.option : null;
}
