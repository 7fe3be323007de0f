import type { Role } from '../../../src/contract/auth';

/** What a verified access token says about its bearer. */
export interface AuthClaims {
  userId: string;
  role: Role;
  orgId: string | null;
  /**
   * The sign-in session (refresh-token family) the token was issued to, so an account screen can
   * tell "this device" and a password change can keep it. Absent in tokens issued before it existed.
   */
  sessionId?: string | null;
  /** When the token was issued (epoch seconds; set by verify): sessions revoked later refuse older tokens. */
  issuedAt?: number;
}
