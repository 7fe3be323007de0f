import { useCallback, useEffect, useState } from 'react';
import { lookUpInvitation, type InvitationLookup } from './invitation';

/** 'none' without a link; 'checking' while the server is asked; then the look-up's outcome. */
export type InvitationState = { status: 'none' } | { status: 'checking' } | InvitationLookup;

/**
 * The invitation of the Register screen's `?invite=` link. `refuse` records a refusal learnt
 * later (registering with a link that expired meanwhile); `retry` asks again after a failed look-up.
 */
export function useInvitationLink(token: string | null) {
  const [state, setState] = useState<InvitationState>(token ? { status: 'checking' } : { status: 'none' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let current = true;
    void lookUpInvitation(token).then((result) => {
      if (current) setState(result);
    });
    return () => {
      current = false;
    };
  }, [token, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'checking' });
    setAttempt((count) => count + 1);
  }, []);
  const refuse = useCallback((message: string) => setState({ status: 'refused', message }), []);
  return { state, retry, refuse };
}
