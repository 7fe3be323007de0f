import { Button, Flex, Text } from '@radix-ui/themes';
import { ORG_ROLE_LABELS } from '../../orgs/orgs.format';
import type { InvitationState } from '../use-invitation-link';
import { FormAlert } from '../../../ui/FormAlert';

/** What the Register screen says about its invite link: checking, where it leads, or why it cannot be used. */
export function InvitationNotice({ state, onRetry }: { state: InvitationState; onRetry: () => void }) {
  switch (state.status) {
    case 'none':
      return null;
    case 'checking':
      return <FormAlert tone="info">Checking your invitation…</FormAlert>;
    case 'valid':
      return (
        <FormAlert tone="info">
          You&apos;re joining <Text weight="bold">{state.invitation.organization_name}</Text> as{' '}
          {ORG_ROLE_LABELS[state.invitation.role]}.
        </FormAlert>
      );
    case 'refused':
      return (
        <FormAlert tone="error">
          {state.message} You can still create an account for a new organisation below.
        </FormAlert>
      );
    case 'unavailable':
      return (
        <Flex direction="column" gap="2" align="start">
          <FormAlert tone="error">{state.message}</FormAlert>
          <Button type="button" variant="soft" size="2" onClick={onRetry}>
            Check the invitation again
          </Button>
        </Flex>
      );
  }
}
