import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Button, Flex, Link } from '@radix-ui/themes';
import { ApiError, fieldProblems, serverMessage } from '../../../api';
import { postResetPassword } from '../account-recovery.api';
import { AuthLayout } from '../components/AuthLayout';
import { FormAlert } from '../../../ui/FormAlert';
import { NewPasswordFields, newPasswordProblem, type NewPassword } from '../components/NewPasswordFields';

const NO_TOKEN = 'This page needs the link from your password reset email. Ask for a new link if you cannot find it.';

/** The reset link's page (`/reset-password?token=…`): choose a new password. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [value, setValue] = useState<NewPassword>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<'password' | 'confirm', string>>>({});
  const [failure, setFailure] = useState<{ message: string; askAgain: boolean } | null>(token ? null : { message: NO_TOKEN, askAgain: true });
  const [done, setDone] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || !token) return;
    const problem = newPasswordProblem(value);
    setErrors(problem ? { [problem.field]: problem.message } : {});
    if (problem) return;
    setSubmitting(true);
    setFailure(null);
    try {
      await postResetPassword(token, value.password);
      setDone(true);
    } catch (caught) {
      const fields = fieldProblems(caught);
      if (fields.password) setErrors({ password: fields.password });
      else {
        // A used, replaced or expired link: only a new link helps.
        const linkRefused = caught instanceof ApiError && (caught.status === 404 || caught.status === 410);
        setFailure({ message: serverMessage(caught, 'The password could not be changed. Check your connection and try again.'), askAgain: linkRefused });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const footer = (
    <Link asChild weight="medium">
      <RouterLink to="/login">Back to sign in</RouterLink>
    </Link>
  );
  if (done) {
    return (
      <AuthLayout title="Password changed" subtitle="Every device that was signed in has been signed out." footer={null}>
        <Flex direction="column" gap="4">
          <FormAlert tone="success">Your new password is set. Sign in with it to continue.</FormAlert>
          <Button asChild size="3">
            <RouterLink to="/login">Sign in</RouterLink>
          </Button>
        </Flex>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Choose a new password" subtitle="Choosing one signs your account out on every device." footer={footer}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Choose a new password">
        <Flex direction="column" gap="4">
          {failure ? (
            <FormAlert tone="error">
              {failure.message}{' '}
              {failure.askAgain ? (
                <Link asChild weight="medium">
                  <RouterLink to="/forgot-password">Ask for a new link</RouterLink>
                </Link>
              ) : null}
            </FormAlert>
          ) : null}
          <NewPasswordFields idPrefix="reset" value={value} onChange={setValue} errors={errors} />
          <Button type="submit" size="3" loading={submitting} disabled={!token} mt="1">
            Set new password
          </Button>
        </Flex>
      </form>
    </AuthLayout>
  );
}
