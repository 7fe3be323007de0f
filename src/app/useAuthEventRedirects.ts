import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { onAuthEvent } from '../session';
import { loginPathWithRedirect } from '../navigation/redirects';
import { LOGIN_PATH, classifyPath } from '../navigation/route-access';

/**
 * Turns auth events into redirects to Login (spec 000 §2): login required keeps the redirect path,
 * session expired adds expired=true, logout complete and unauthenticated go to plain Login.
 */
export function useAuthEventRedirects(): void {
  const navigate = useNavigate();
  const location = useLocation();
  // Events arrive outside React's render cycle; the ref lets the listener read where the user is
  // without re-subscribing on every navigation.
  const hereRef = useRef('/');
  useEffect(() => {
    hereRef.current = `${location.pathname}${location.search}`;
  }, [location.pathname, location.search]);

  useEffect(
    () =>
      onAuthEvent((event) => {
        const here = hereRef.current;
        // Never ask to come back to Login/Register itself.
        const fallback = classifyPath(here.split('?')[0] ?? '') === 'auth-page' ? null : here;
        switch (event.type) {
          case 'LOGIN_REQUIRED': {
            const target = event.redirect ?? fallback;
            void navigate(target ? loginPathWithRedirect(target) : LOGIN_PATH, { replace: true });
            break;
          }
          case 'SESSION_EXPIRED': {
            const target = event.redirect ?? fallback ?? '/';
            void navigate(loginPathWithRedirect(target, true, event.reason), { replace: true });
            break;
          }
          case 'LOGOUT_COMPLETE':
          case 'UNAUTHENTICATED':
            void navigate(LOGIN_PATH, { replace: true });
            break;
        }
      }),
    [navigate],
  );
}
