import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Flex } from '@radix-ui/themes';
import { ExclamationTriangleIcon, ReloadIcon } from '@radix-ui/react-icons';
import { forceLogout } from '../session';
import { MessagePage } from '../ui/MessagePage';
import { loginPathWithRedirect } from '../navigation/redirects';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** Whole words only, so a screen chunk such as 'AuthLayout-4019.js' failing to load is not mistaken for one. */
const AUTH_ERROR_PATTERN = /\b(auth|authentication|authenticated|unauthori[sz]ed|401)\b/i;

/** A navigation error about auth or a 401 means the session is no good (spec 000 §2). */
export function isAuthNavigationError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 401) return true;
  const message = describe(error);
  if (/dynamically imported module|importing a module script/i.test(message)) return false;
  return AUTH_ERROR_PATTERN.test(message);
}

/** What RouteErrorBoundary shows for a screen that threw: forces logout on auth errors, otherwise offers a reload. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const navigate = useNavigate();
  const location = useLocation();
  const authError = isAuthNavigationError(error);

  useEffect(() => {
    if (!authError) return;
    forceLogout();
    // The listener that normally turns SESSION_EXPIRED into a redirect may itself be unmounted by
    // this error, so navigate here as well.
    void navigate(loginPathWithRedirect(`${location.pathname}${location.search}`, true), { replace: true });
  }, [authError, navigate, location.pathname, location.search]);

  if (authError) return null;
  return (
    <MessagePage
      icon={<ExclamationTriangleIcon width={22} height={22} />}
      title="Something went wrong"
      description="This screen could not be opened. Reloading usually fixes it; your work on other screens is safe."
      actions={
        <Flex gap="3">
          <Button onClick={() => window.location.reload()}>
            <ReloadIcon /> Reload
          </Button>
          <Button variant="soft" color="gray" onClick={() => void navigate('/dashboard')}>
            Go to Dashboard
          </Button>
        </Flex>
      }
    />
  );
}
