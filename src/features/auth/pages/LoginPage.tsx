import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Flex, Link, Text, TextField } from '@radix-ui/themes';
import { LockClosedIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../../contract/account';
import { wipeReport } from '../../../session';
import { homePathFor, safeRedirectTarget } from '../../../navigation/redirects';
import { FormField } from '../../../ui/FormField';
import { login } from '../auth.store';
import { AuthLayout } from '../components/AuthLayout';
import { EmailField } from '../components/EmailField';
import { FormAlert } from '../../../ui/FormAlert';
import { serverMessage } from '../../../api';
import { OrDivider } from '../components/OrDivider';
import { SsoButton } from '../components/SsoButton';
import { useSsoLookup } from '../use-sso-lookup';
import { ssoStartAddress } from '../sso.api';

export const SESSION_EXPIRED_NOTICE = 'Your session expired. Please sign in again.';

/** After an expiry that removed chat messages written offline and never sent (docs/agents.md "Offline outbox"). */
export const unsentRemovedNotice = (count: number) =>
  count === 1
    ? '1 message you wrote offline had not been sent. It was removed from this device with the rest of your data.'
    : `${count} messages you wrote offline had not been sent. They were removed from this device with the rest of your data.`;

/** The server's words: a waiting join request, a suspended account, or a field's named rule. */
const messageOf = (error: unknown): string => serverMessage(error, 'Login failed');

/** Sign in with email and password, then continue to the page that asked for it. */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const expired = params.get('expired') === 'true';
  const { unsentMessages } = useSnapshot(wipeReport);
  const suspended = params.get('reason') === 'account_suspended';
  const redirect = safeRedirectTarget(params.get('redirect'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The typed address's domain may sign in through its organisation's identity provider.
  const sso = useSsoLookup(email);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!email.trim() || !password) {
      setError('Enter your email and password.');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const user = await login(email.trim(), password);
      void navigate(redirect ?? homePathFor(user.role), { replace: true });
    } catch (caught) {
      setError(messageOf(caught)); // the typed email stays; only the message changes
      setSubmitting(false);
    }
  };

  const registerLink = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';
  const ssoLink = redirect ? `/login/sso?redirect=${encodeURIComponent(redirect)}` : '/login/sso';
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to your Mosaic workspace."
      footer={
        <>
          New to Mosaic?{' '}
          <Link asChild weight="medium">
            <RouterLink to={registerLink}>Create an account</RouterLink>
          </Link>
        </>
      }
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Sign in">
        <Flex direction="column" gap="4">
          {suspended && !error ? <FormAlert tone="error">{ACCOUNT_SUSPENDED_MESSAGE}</FormAlert> : null}
          {expired && !suspended && !error ? <FormAlert tone="info">{SESSION_EXPIRED_NOTICE}</FormAlert> : null}
          {expired && unsentMessages > 0 && !error ? <FormAlert tone="info">{unsentRemovedNotice(unsentMessages)}</FormAlert> : null}
          {error ? <FormAlert tone="error">{error}</FormAlert> : null}
          <EmailField id="login-email" label="Email" value={email} onChange={setEmail} />
          {sso ? (
            <Flex direction="column" gap="2" className="sso-offer">
              <SsoButton providerName={sso.provider_name} href={ssoStartAddress(email.trim(), redirect)} />
              <Text size="2" color="gray" align="center">
                {sso.organization_name} signs in with {sso.provider_name}. You can also use your password below.
              </Text>
            </Flex>
          ) : null}
          <FormField label="Password" htmlFor="login-password">
            <TextField.Root
              id="login-password"
              type="password"
              size="3"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            >
              <TextField.Slot>
                <LockClosedIcon />
              </TextField.Slot>
            </TextField.Root>
          </FormField>
          <Flex justify="end" mt="-2">
            <Link asChild size="2" className="standalone-link">
              <RouterLink to="/forgot-password">Forgot password?</RouterLink>
            </Link>
          </Flex>
          <Button type="submit" size="3" loading={submitting} mt="1" variant={sso ? 'soft' : 'solid'}>
            Sign in
          </Button>
          {sso ? null : (
            <>
              <OrDivider />
              <Button asChild size="3" variant="outline" color="gray">
                <RouterLink to={ssoLink}>
                  <LockClosedIcon /> Sign in with SSO
                </RouterLink>
              </Button>
            </>
          )}
        </Flex>
      </form>
    </AuthLayout>
  );
}
