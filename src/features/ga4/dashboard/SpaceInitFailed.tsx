import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Card, Flex } from '@radix-ui/themes';
import { ExclamationTriangleIcon, PlusIcon, ReloadIcon } from '@radix-ui/react-icons';
import { useSnapshot } from 'valtio';
import { EmptyState } from '../../../ui/EmptyState';
import { authState, spacesState } from '../../../session';
import { isOrgManagerRole } from '../../../contract/auth';
import { OPEN_SPACE_SELECTOR_EVENT } from '../../spaces/components/SpaceSelector';
import { retrySpaces } from '../../spaces/spaces.store';

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Failed to initialize spaces';
}

/** Dashboard state for error=space-init-failed: the workspace screens need a space first. */
export function SpaceInitFailed() {
  const navigate = useNavigate();
  const { user } = useSnapshot(authState);
  const { error, loading, initializing, initialized, spaces } = useSnapshot(spacesState);
  const [retryError, setRetryError] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);
  const busy = retrying || loading || initializing;

  const retry = async () => {
    setRetrying(true);
    setRetryError(null);
    try {
      await retrySpaces();
      if (spacesState.currentSpaceId) {
        void navigate('/dashboard', { replace: true });
        return;
      }
    } catch (caught) {
      setRetryError(messageOf(caught));
    }
    setRetrying(false);
  };

  // Loaded fine but empty: the way forward is a new space, not another retry.
  const noSpaces = !busy && initialized && spaces.length === 0;
  const detail = retryError ?? error;
  return (
    <Card size="3" className="surface-card">
      <EmptyState
        icon={<ExclamationTriangleIcon width={22} height={22} />}
        title="Your spaces could not be loaded"
        description={
          <>
            Dashboards, agents, the knowledge base and assets all work inside a space.
            {detail ? (
              <>
                <br />
                <strong>{detail}</strong>
              </>
            ) : null}
          </>
        }
        actions={
          <Flex gap="3" wrap="wrap" justify="center">
            <Button onClick={() => void retry()} loading={busy}>
              <ReloadIcon /> Retry
            </Button>
            {noSpaces && isOrgManagerRole(user?.role) ? (
              <Button variant="soft" onClick={() => window.dispatchEvent(new CustomEvent(OPEN_SPACE_SELECTOR_EVENT))}>
                <PlusIcon /> Create New Space
              </Button>
            ) : null}
          </Flex>
        }
      />
    </Card>
  );
}
