import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Flex, Link, Spinner, Text } from '@radix-ui/themes';
import { homePathFor, safeRedirectTarget } from '../../../navigation/redirects';
import { SSO_ERROR_MESSAGES, emailDomainOf, isSsoErrorCode } from '../../../contract/sso';
import { completeSsoSignIn } from '../auth.store';
import { AuthLayout } from '../components/AuthLayout';
import { EmailField } from '../components/EmailField';
import { FormAlert } from '../../../ui/FormAlert';
import { serverMessage } from '../../../api';
import { getSsoLookup, ssoStartAddress } from '../sso.api';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * /login/sso: "Sign in with SSO" asks for the work email and sends the browser to the
 * organisation's identity provider; the provider's round trip ends here too, either with a
 * one-time hand-over code (`?handoff=`, exchanged for a session at once) or with the reason it
 * stopped (`?error=`, shown above the form so the person can try again).
 */
export default function SsoPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const handoff = params.get('handoff');
  const redirect = safeRedirectTarget(params.get('redirect'));
  const returned = params.get('error');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [error, setError] = useState<string | null>(isSsoErrorCode(returned) ? SSO_ERROR_MESSAGES[returned] : null);
  const [busy, setBusy] = useState(handoff !== null);
  const exchanged = useRef(false);

  useEffect(() => {
    // Once: the code works a single time (React's development double effects must not spend it twice).
    if (!handoff || exchanged.current) return;
    exchanged.current = true;
    completeSsoSignIn(handoff)
      .then(({ user, redirect: target }) => void navigate(safeRedirectTarget(target) ?? homePathFor(user.role), { replace: true }))
      .catch((caught: unknown) => {
        setError(serverMessage(caught, SSO_ERROR_MESSAGES.SSO_SIGN_IN_FAILED));
        setBusy(false);
        // The code is spent either way: take it out of the address so a reload does not retry it.
        void navigate('/login/sso', { replace: true });
      });
  }, [handoff, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(typed)) {
      setError('Enter your work email address.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { sso } = await getSsoLookup(typed);
      if (!sso) {
        setError(`${SSO_ERROR_MESSAGES.SSO_NOT_CONFIGURED.replace('this email domain', emailDomainOf(typed))}`);
        setBusy(false);
        return;
      }
      window.location.assign(ssoStartAddress(typed, redirect));
    } catch (caught) {
      setError(serverMessage(caught, 'Single sign-on could not be checked. Check your connection and try again.'));
      setBusy(false);
    }
  };

  const footer = (
    <>
      Have a password?{' '}
      <Link asChild weight="medium">
        <RouterLink to={redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'}>Sign in with email and password</RouterLink>
      </Link>
    </>
  );

  if (handoff && busy) {
    return (
      <AuthLayout title="Signing you in" subtitle="Your identity provider confirmed who you are." footer={null}>
        <Flex align="center" justify="center" gap="3" py="4" role="status">
          <Spinner size="3" />
          <Text size="2">Opening your workspace…</Text>
        </Flex>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign in with SSO" subtitle="Use your organisation's identity provider." footer={footer}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sign in with SSO">
        <Flex direction="column" gap="4">
          {error ? <FormAlert tone="error">{error}</FormAlert> : null}
          <EmailField id="sso-email" label="Work email" hint="We find your organisation's sign-in from its domain." value={email} onChange={setEmail} />
          <Button type="submit" size="3" loading={busy} mt="1">
            Continue
          </Button>
        </Flex>
      </form>
    </AuthLayout>
  );
}
