import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Flex, Link } from '@radix-ui/themes';
import { postForgotPassword } from '../account-recovery.api';
import { AuthLayout } from '../components/AuthLayout';
import { EmailField } from '../components/EmailField';
import { FormAlert } from '../../../ui/FormAlert';
import { serverMessage } from '../../../api';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Forgot password?": asks for a reset link by email. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!LOOKS_LIKE_EMAIL.test(email.trim())) {
      setError('Enter the email address you sign in with.');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      setSent(await postForgotPassword(email.trim()));
    } catch (caught) {
      setError(serverMessage(caught, 'The link could not be requested. Check your connection and try again.'));
    } finally {
      setSubmitting(false);
    }
  };

  const footer = (
    <>
      Remembered it?{' '}
      <Link asChild weight="medium">
        <RouterLink to="/login">Back to sign in</RouterLink>
      </Link>
    </>
  );
  if (sent) {
    return (
      <AuthLayout title="Check your email" subtitle="Follow the link in the email to choose a new password." footer={footer}>
        <FormAlert tone="success">{sent}</FormAlert>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Forgot your password?" subtitle="We'll email you a link to choose a new one." footer={footer}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Reset password">
        <Flex direction="column" gap="4">
          {error ? <FormAlert tone="error">{error}</FormAlert> : null}
          <EmailField id="forgot-email" label="Email" value={email} onChange={setEmail} />
          <Button type="submit" size="3" loading={submitting} mt="1">
            Email me a link
          </Button>
        </Flex>
      </form>
    </AuthLayout>
  );
}
