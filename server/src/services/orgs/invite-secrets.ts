import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret an invite link carries: `<app>/register?invite=<secret>`, 256 random bits. The
 * database keeps only the secret's SHA-256 (org_invites.token_hash), so a leaked database or backup
 * accepts no invite. Issuing invites (invites.service.ts) makes them; following a link
 * (invitation-links.service.ts) hashes the one it carries to find its invite.
 */
export function newInviteSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashInviteSecret(secret) };
}

export function hashInviteSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function inviteLinkFor(appUrl: string, secret: string): string {
  return `${appUrl}/register?invite=${encodeURIComponent(secret)}`;
}
