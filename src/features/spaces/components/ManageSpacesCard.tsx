import { useState } from 'react';
import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { toast } from 'sonner';
import { useSnapshot } from 'valtio';
import type { Space } from '../../../contract/spaces';
import { NetworkRequiredTooltip } from '../../../pwa/NetworkRequiredTooltip';
import { ActionRow } from '../../../ui/ActionRow';
import { ErrorText } from '../../../ui/ErrorText';
import { spacesState } from '../../../session';
import { archiveSpace, restoreSpace, spaceActionError } from '../space-admin.api';
import { applySpaceChange, recoverFromLostSpace, retrySpaces } from '../spaces.store';
import { useArchivedSpaces } from '../useArchivedSpaces';
import { DeleteSpaceDialog } from './DeleteSpaceDialog';
import { EditSpaceDialog } from './EditSpaceDialog';

interface SpaceRowProps {
  space: Space;
  archived: boolean;
  busy: boolean;
  onEdit: () => void;
  onArchive: () => void;
  onDelete: () => void;
}

function SpaceRow({ space, archived, busy, onEdit, onArchive, onDelete }: SpaceRowProps) {
  return (
    <ActionRow
      label={space.name}
      py="2"
      actions={
        <NetworkRequiredTooltip>
          {({ disabled }) => (
            <Flex gap="2" wrap="wrap">
              <Button size="1" variant="soft" disabled={disabled} onClick={onEdit} aria-label={`Edit ${space.name}`}>
                Edit
              </Button>
              {space.is_default ? null : (
                <Button size="1" variant="soft" color="gray" disabled={disabled} loading={busy} onClick={onArchive} aria-label={`${archived ? 'Restore' : 'Archive'} ${space.name}`}>
                  {archived ? 'Restore' : 'Archive'}
                </Button>
              )}
              {space.is_default ? null : (
                <Button size="1" variant="soft" color="red" disabled={disabled} onClick={onDelete} aria-label={`Delete ${space.name}`}>
                  Delete
                </Button>
              )}
            </Flex>
          )}
        </NetworkRequiredTooltip>
      }
    >
      <Flex gap="2" align="center">
        <Text size="2" weight="medium">
          {space.name}
        </Text>
        {space.is_default ? <Badge color="iris">Default</Badge> : null}
        {archived ? <Badge color="gray">Archived</Badge> : null}
      </Flex>
      {space.description ? (
        <Text size="1" color="gray">
          {space.description}
        </Text>
      ) : null}
    </ActionRow>
  );
}

/** Workspace Settings for owners and admins: every space, to rename, describe, archive, restore or delete. */
export function ManageSpacesCard() {
  const { spaces } = useSnapshot(spacesState);
  const archived = useArchivedSpaces();
  const [editing, setEditing] = useState<Space | null>(null);
  const [deleting, setDeleting] = useState<Space | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function toggleArchived(space: Space, isArchived: boolean) {
    setBusyId(space.id);
    setProblem(null);
    try {
      if (isArchived) await restoreSpace(space.id);
      else await archiveSpace(space.id);
      toast.success(isArchived ? `"${space.name}" restored` : `"${space.name}" archived`);
      await Promise.all([archived.reload(), refreshList(space.id)]);
    } catch (error) {
      setProblem(spaceActionError(error, 'The space could not be changed. Check your connection and try again.'));
    } finally {
      setBusyId(null);
    }
  }

  /** Leaving the current space goes through the same recovery as a space deleted elsewhere. */
  async function refreshList(changedId: string) {
    if (changedId === spacesState.currentSpaceId) await recoverFromLostSpace(changedId);
    else await retrySpaces();
  }

  return (
    <Card size="3" className="surface-card" aria-labelledby="manage-spaces-heading">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id="manage-spaces-heading">
          Spaces
        </Heading>
        <Text size="2" color="gray">
          Archived spaces are hidden and closed to work until restored; nothing in them is removed. The default space always stays.
        </Text>
        <ErrorText message={problem ?? archived.error} />
        <ul className="plain-list org-row-list" aria-label="Spaces">
          {spaces.map((space) => (
            <SpaceRow
              key={space.id}
              space={space}
              archived={false}
              busy={busyId === space.id}
              onEdit={() => setEditing({ ...space })}
              onArchive={() => void toggleArchived(space, false)}
              onDelete={() => setDeleting({ ...space })}
            />
          ))}
          {archived.spaces.map((space) => (
            <SpaceRow
              key={space.id}
              space={space}
              archived
              busy={busyId === space.id}
              onEdit={() => setEditing(space)}
              onArchive={() => void toggleArchived(space, true)}
              onDelete={() => setDeleting(space)}
            />
          ))}
        </ul>
        {archived.hasMore ? (
          <Flex>
            <Button variant="soft" color="gray" loading={archived.loadingMore} onClick={archived.loadMore}>
              Show more archived spaces
            </Button>
          </Flex>
        ) : null}
      </Flex>
      <EditSpaceDialog
        key={editing?.id ?? 'closed'}
        space={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          applySpaceChange(saved);
          archived.update((list) => list.map((space) => (space.id === saved.id ? { ...space, ...saved } : space)));
        }}
      />
      <DeleteSpaceDialog
        space={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(gone) => {
          archived.update((list) => list.filter((space) => space.id !== gone.id));
          applySpaceChange(null, gone.id);
          void refreshList(gone.id);
        }}
      />
    </Card>
  );
}
