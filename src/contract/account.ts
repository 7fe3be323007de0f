/**
 * The signed-in person's own account: password reset, name, password and email changes, and the
 * devices signed in to it. The numbers here are the one source for the server's expiries, the
 * texts in the emails and the screens. The Login and Register screens load this file for its texts
 * and limits; the answers' schemas are in account-schemas.ts.
 */

/** A password reset link works once, for this long. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** An email-change confirmation link works once, for this long. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** Rules for a new password, shown under the field before anyone submits (the server applies the same). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters (at most ${PASSWORD_MAX_LENGTH}).`;

/** The one answer to "Forgot password?", whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE = `If an account uses this address, we have emailed it a link to choose a new password. The link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes.`;

/**
 * A suspended account is told so: at sign-in (403), on any request of a session it still holds
 * (401), and on the Login screen the app returns to (`?reason=account_suspended`). Both carry the
 * code ACCOUNT_SUSPENDED (errors.ts).
 */
export const ACCOUNT_SUSPENDED_MESSAGE =
  'Your account has been suspended. Contact an owner or admin of your organisation, or Mosaic support, to have it reactivated.';
/** Why a session ended, when the server said (the Login screen's `reason` query). */
export const SESSION_END_REASONS = ['account_suspended'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** An answer that is only a text to show. */
export interface MessageAnswer {
  message: string;
}

/**
 * Most devices one account stays signed in on at once. Signing in on one more signs out the
 * device used least recently (its refresh token revoked, as "Sign out" does), so GET
 * /account/sessions lists at most this many.
 */
export const ACCOUNT_SESSIONS_MAX = 20;

/** One signed-in device: a refresh-token family. */
export interface AccountSession {
  id: string;
  /** When the person signed in on that device. */
  created_at: string;
  /** The device's latest token refresh (at most ~15 minutes behind its latest request). */
  last_used_at: string;
  user_agent: string | null;
  ip_address: string | null;
  /** The session this request was made with. */
  current: boolean;
}
