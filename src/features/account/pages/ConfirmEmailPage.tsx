import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Button, Flex, Spinner, Text } from '@radix-ui/themes';
import { authState, storeUser } from '../../../session';
import { AuthLayout } from '../../auth/components/AuthLayout';
import { FormAlert } from '../../../ui/FormAlert';
import { serverMessage } from '../../../api';
import { postEmailConfirmation } from '../account.api';

type State = { status: 'confirming' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

/** The link from the new address (`/confirm-email?token=…`): confirms it once, on opening. */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(
    token ? { status: 'confirming' } : { status: 'failed', message: 'This page needs the link from your confirmation email.' },
  );
  // One use per link: a second render (React's strict mode) must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    postEmailConfirmation(token).then(
      (answer) => {
        // Signed in here: the shell shows the new address at once.
        if (authState.user) {
          const user = { ...authState.user, email: answer.email };
          storeUser(user);
          authState.user = user;
        }
        setState({ status: 'done', message: answer.message });
      },
      (caught: unknown) => setState({ status: 'failed', message: serverMessage(caught, 'The address could not be confirmed. Try the link again.') }),
    );
  }, [token]);

  return (
    <AuthLayout title="Confirm your new email" subtitle="Your account moves to the address this link was sent to.">
      <Flex direction="column" gap="4">
        {state.status === 'confirming' ? (
          <Flex gap="2" align="center" justify="center" role="status">
            <Spinner /> <Text size="2">Confirming…</Text>
          </Flex>
        ) : (
          <FormAlert tone={state.status === 'done' ? 'success' : 'error'}>{state.message}</FormAlert>
        )}
        {state.status !== 'confirming' ? (
          <Button asChild size="3" variant={state.status === 'done' ? 'solid' : 'soft'}>
            <RouterLink to={authState.user ? '/settings' : '/login'}>{authState.user ? 'Back to Settings' : 'Sign in'}</RouterLink>
          </Button>
        ) : null}
      </Flex>
    </AuthLayout>
  );
}
