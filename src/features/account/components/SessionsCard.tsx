import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Button, Card, Flex, Heading, Spinner, Text } from '@radix-ui/themes';
import type { AccountSession } from '../../../contract/account';
import { formatCount, formatDateTime } from '../../../contract/format';
import { FormAlert } from '../../../ui/FormAlert';
import { serverMessage } from '../../../api';
import { deleteAccountSession, getAccountSessions } from '../account.api';
import { describeDevice } from '../device-names';
import { SignOutOthersButton } from './SignOutOthersButton';

const when = (iso: string) => formatDateTime(iso);

/** Devices shown before "Show all": this one and the most recently active others. */
export const DEVICES_SHOWN_FIRST = 5;

type Load = { status: 'loading' } | { status: 'ready'; sessions: AccountSession[] } | { status: 'failed'; message: string };

/**
 * The devices signed in to the account, this one first, each with "Sign out" (not this one: Log out
 * does that), and "Sign out all other devices". A long list shows the latest few until "Show all".
 */
export function SessionsCard() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [showAll, setShowAll] = useState(false);
  const [signingOut, setSigningOut] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // Bumped to load the list again (after a sign-out, or "Try again").
  const [generation, setGeneration] = useState(0);
  const refresh = () => setGeneration((value) => value + 1);
  useEffect(() => {
    let current = true;
    getAccountSessions().then(
      (sessions) => current && setLoad({ status: 'ready', sessions }),
      (caught: unknown) => current && setLoad({ status: 'failed', message: serverMessage(caught, 'The list of devices could not be loaded.') }),
    );
    return () => {
      current = false;
    };
  }, [generation]);

  const signOut = async (session: AccountSession) => {
    setSigningOut(session.id);
    setFailure(null);
    try {
      await deleteAccountSession(session.id);
    } catch (caught) {
      setFailure(serverMessage(caught, 'That device could not be signed out. Try again.'));
    } finally {
      setSigningOut(null);
      refresh();
    }
  };

  return (
    <Card size="3" className="surface-card" aria-labelledby="sessions-heading">
      <Heading as="h2" size="4" id="sessions-heading" mb="2">
        Signed-in devices
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        Where your account is signed in. A device you sign out stops working within 15 minutes and must sign in again.
      </Text>
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      {load.status === 'loading' ? (
        <Flex gap="2" align="center" role="status">
          <Spinner /> <Text size="2">Loading devices…</Text>
        </Flex>
      ) : load.status === 'failed' ? (
        <Flex direction="column" gap="2" align="start">
          <FormAlert tone="error">{load.message}</FormAlert>
          <Button
            variant="soft"
            onClick={() => {
              setLoad({ status: 'loading' });
              refresh();
            }}
          >
            Try again
          </Button>
        </Flex>
      ) : (
        <DeviceList sessions={load.sessions} showAll={showAll} onShowAll={() => setShowAll(true)} onRefresh={refresh}>
          {(session) => (
            <li key={session.id}>
              <Flex justify="between" align="center" gap="3" wrap="wrap" py="2">
                <Flex direction="column" gap="1">
                  <Text size="2" weight="medium">
                    {describeDevice(session.user_agent)} {session.current ? <Badge color="green">This device</Badge> : null}
                  </Text>
                  <Text size="1" color="gray">
                    Signed in {when(session.created_at)} · last active {when(session.last_used_at)}
                    {session.ip_address ? ` · ${session.ip_address}` : ''}
                  </Text>
                </Flex>
                {session.current ? null : (
                  <Button
                    variant="soft"
                    color="red"
                    loading={signingOut === session.id}
                    aria-label={`Sign out ${describeDevice(session.user_agent)}, last active ${when(session.last_used_at)}`}
                    onClick={() => void signOut(session)}
                  >
                    Sign out
                  </Button>
                )}
              </Flex>
            </li>
          )}
        </DeviceList>
      )}
    </Card>
  );
}

interface DeviceListProps {
  sessions: readonly AccountSession[];
  showAll: boolean;
  onShowAll(): void;
  onRefresh(): void;
  children(session: AccountSession): ReactNode;
}

/** The list (the server sends this device first, then the most recently active), cut to the first few until asked. */
function DeviceList({ sessions, showAll, onShowAll, onRefresh, children }: DeviceListProps) {
  const others = sessions.filter((session) => !session.current).length;
  const shown = showAll ? sessions : sessions.slice(0, DEVICES_SHOWN_FIRST);
  return (
    <Flex direction="column" gap="3">
      {others > 0 ? (
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Text size="2" color="gray">
            {formatCount(sessions.length, 'device')} signed in
          </Text>
          <SignOutOthersButton others={others} onDone={onRefresh} />
        </Flex>
      ) : null}
      <ul aria-label="Signed-in devices" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {shown.map(children)}
      </ul>
      {shown.length < sessions.length ? (
        <Button variant="ghost" onClick={onShowAll} style={{ alignSelf: 'flex-start' }}>
          Show all {sessions.length} devices
        </Button>
      ) : null}
    </Flex>
  );
}
