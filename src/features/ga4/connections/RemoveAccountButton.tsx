import { useSnapshot } from 'valtio';
import { toast } from 'sonner';
import { AlertDialog, Button, Callout, Text } from '@radix-ui/themes';
import { ExclamationTriangleIcon, TrashIcon } from '@radix-ui/react-icons';
import { NetworkRequiredTooltip } from '../../../pwa';
import type { Ga4Account } from '../../../contract/ga4';
import { formatCount } from '../../../contract/format';
import { getCurrentSpaceId } from '../../../session';
import { ga4State, loadAccounts, removeAccount } from './ga4.store';
import { DialogActions } from '../../../ui/DialogActions';

/** The server points here when it removed an account but Google would not revoke its access. */
const GOOGLE_PERMISSIONS_PAGE = 'myaccount.google.com/permissions';

/** Which spaces besides this one use the account, by name, once each. */
function otherSpaces(account: Ga4Account, here: string | null): string[] {
  return [...new Set((account.linked_in ?? []).filter((link) => link.space_id !== here).map((link) => link.space_name))];
}

/** What the removal unlinks: every property linked through the account, in this space and the others. */
function WhatGoes({ account, here }: { account: Ga4Account; here: string | null }) {
  const links = account.linked_in ?? [];
  const others = otherSpaces(account, here);
  if (links.length === 0) return null;
  return (
    <>
      <Text as="p" size="2" mt="3">
        {formatCount(links.length, 'property is', 'properties are')} unlinked:
      </Text>
      <ul className="ga4-removal__links" aria-label="Properties unlinked">
        {links.map((link) => (
          <li key={`${link.space_id}-${link.property_name}`}>
            <Text size="2">
              {link.property_name} <Text color="gray">— {link.space_id === here ? 'this space' : link.space_name}</Text>
            </Text>
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Callout.Root color="amber" size="1" mt="3" role="note">
          <Callout.Icon>
            <ExclamationTriangleIcon />
          </Callout.Icon>
          <Callout.Text>
            Also used by {formatCount(others.length, 'other space')} ({others.join(', ')}): their dashboards go empty until someone links a property there again.
          </Callout.Text>
        </Callout.Root>
      ) : null}
    </>
  );
}

/**
 * Remove a connected account, after the user confirms. The connection is the person's, in their
 * organisation, and serves every space its properties are linked in: removing it unlinks them all,
 * so the dialog lists them, and warns when other spaces use it (docs/analytics.md).
 */
export function RemoveAccountButton({ account }: { account: Ga4Account }) {
  const { pending } = useSnapshot(ga4State);
  const busy = pending.includes(account.id);
  const here = getCurrentSpaceId();

  const remove = async () => {
    try {
      const message = await removeAccount(account.id);
      // Removed here but still allowed at Google: the user has a step left, so not a plain success.
      if (message.includes(GOOGLE_PERMISSIONS_PAGE)) toast.warning(message);
      else toast.success(message);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    // Opening it reads the accounts again, so the list is what another tab or colleague linked since.
    <AlertDialog.Root onOpenChange={(open) => (open ? void loadAccounts() : undefined)}>
      <NetworkRequiredTooltip>
        {({ disabled }) => (
          <AlertDialog.Trigger>
            <Button size="1" variant="soft" color="red" loading={busy} disabled={disabled} aria-label={`Remove ${account.email}`}>
              <TrashIcon /> Remove
            </Button>
          </AlertDialog.Trigger>
        )}
      </NetworkRequiredTooltip>
      <AlertDialog.Content maxWidth="480px">
        <AlertDialog.Title>Remove {account.email}?</AlertDialog.Title>
        <AlertDialog.Description size="2">
          Mosaic stops reading Google Analytics through this account, in every space of your organisation.
          {(account.linked_in ?? []).length === 0 ? ' No property is linked through it.' : ''}
        </AlertDialog.Description>
        <WhatGoes account={account} here={here} />
        <DialogActions dialog="alert" mt="4">
          <AlertDialog.Action>
            <Button color="red" onClick={() => void remove()}>
              Remove account
            </Button>
          </AlertDialog.Action>
        </DialogActions>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
