/**
 * Invite links (`/register?invite=<secret>`): asking the server what a link stands for, and
 * telling a refused link (used, withdrawn, replaced or expired: it will never work) from a look-up
 * that merely failed (offline, server trouble: trying again may work).
 */
import { ApiError } from '../../api';
import { describeError, logger } from '../../lib/logger';
import { getInvitation } from './auth.api';
import type { Invitation } from './auth.schemas';
import { API_ERROR_CODES } from '../../contract/errors';

export type InvitationLookup =
  | { status: 'valid'; invitation: Invitation }
  | { status: 'refused'; message: string }
  | { status: 'unavailable'; message: string };

export const INVITATION_MESSAGES = {
  refusedFallback: 'This invite link is not valid. Ask whoever invited you to invite you again.',
  unavailable: 'Your invitation could not be checked. Check your connection and try again.',
  tooManyAttempts: 'Too many attempts to check the invitation. Wait a minute, then try again.',
} as const;

const REFUSAL_CODES = new Set<string>([API_ERROR_CODES.inviteLinkInvalid, API_ERROR_CODES.inviteLinkExpired]);

/** The server's answer that this link will never work (its detail says what to do), else null. */
export function inviteLinkRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const refused = (error.serverCode !== undefined && REFUSAL_CODES.has(error.serverCode)) || error.fieldErrors.some((f) => f.field === 'token');
  return refused ? (error.serverDetail ?? INVITATION_MESSAGES.refusedFallback) : null;
}

export async function lookUpInvitation(token: string): Promise<InvitationLookup> {
  try {
    return { status: 'valid', invitation: await getInvitation(token) };
  } catch (error) {
    const refusal = inviteLinkRefusal(error);
    if (refusal !== null) return { status: 'refused', message: refusal };
    logger.info('Invitation look-up failed', { error: describeError(error) });
    const limited = error instanceof ApiError && error.status === 429;
    return { status: 'unavailable', message: limited ? INVITATION_MESSAGES.tooManyAttempts : INVITATION_MESSAGES.unavailable };
  }
}
