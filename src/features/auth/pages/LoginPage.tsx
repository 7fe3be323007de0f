import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Flex, Link, TextField } from '@radix-ui/themes';
import { EnvelopeClosedIcon, LockClosedIcon } from '@radix-ui/react-icons';
import { homePathFor, safeRedirectTarget } from '../../../navigation/redirects';
import { FormField } from '../../../ui/FormField';
import { login } from '../auth.store';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../components/FormAlert';

export const SESSION_EXPIRED_NOTICE = 'Your session expired. Please sign in again.';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Login failed';
}

/** Sign in with email and password, then continue to the page that asked for it. */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const expired = params.get('expired') === 'true';
  const redirect = safeRedirectTarget(params.get('redirect'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

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
          {expired && !error ? <FormAlert tone="info">{SESSION_EXPIRED_NOTICE}</FormAlert> : null}
          {error ? <FormAlert tone="error">{error}</FormAlert> : null}
          <FormField label="Email" htmlFor="login-email">
            <TextField.Root
              id="login-email"
              type="email"
              size="3"
              autoComplete="email"
              placeholder="you@company.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              autoFocus
            >
              <TextField.Slot>
                <EnvelopeClosedIcon />
              </TextField.Slot>
            </TextField.Root>
          </FormField>
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
          <Button type="submit" size="3" loading={submitting} mt="1">
            Sign in
          </Button>
        </Flex>
      </form>
    </AuthLayout>
  );
}
