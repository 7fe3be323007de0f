/**
 * Texts of the organisation admin screens. The failure texts are spec 001 §8's, word for word;
 * `describeFailure` adds the server's own reason (its `detail`) after them.
 */
import { ApiError } from '../../api';

export const ORG_ADMIN_MESSAGES = {
  fetchMembersFailed: 'Failed to fetch members',
  updateRoleFailed: 'Failed to update member role',
  removeMemberFailed: 'Failed to remove member',
  sendInviteFailed: 'Failed to send invite',
  fetchJoinRequestsFailed: 'Failed to fetch join requests',
  approveJoinRequestFailed: 'Failed to approve join request',
  denyJoinRequestFailed: 'Failed to deny join request',
  // Not in the spec's catalogue: named after its siblings.
  fetchInvitesFailed: 'Failed to fetch invites',
  revokeInviteFailed: 'Failed to revoke invite',
  inviteLinkFailed: 'The invite link could not be made',
  fetchMoreMembersFailed: 'More members could not be loaded',
  fetchMoreJoinRequestsFailed: 'More join requests could not be loaded',
} as const;

/**
 * "{spec message}: {why}". The server's first field error (or else its detail) is shown verbatim, since it
 * says exactly which rule refused; without one, the catalogue message of the failure (network,
 * time-out…) tells the user what happened.
 */
export function describeFailure(message: string, error: unknown): string {
  if (!(error instanceof ApiError)) return message;
  // A 422's detail is only 'Validation error'; its first field error says what was wrong.
  const reason = error.fieldErrors[0]?.message ?? error.serverDetail ?? error.message;
  return reason && reason !== message ? `${message}: ${reason}` : message;
}
