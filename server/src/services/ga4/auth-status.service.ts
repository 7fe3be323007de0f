/** GET /integrations/ga4/auth/status: how the caller's connected accounts stand, from what is stored. */
import type { Ga4AuthStatus } from '../../../../src/contract/ga4';
import type { Db } from '../../db/database';
import { GA4_MESSAGES } from '../../errors';
import { listAccountRows, type Ga4AccountRow } from './accounts.service';
import type { Ga4Caller } from './ga4-context';
import { EXPIRY_CODES } from './ga4-errors';

/** Usable: no recorded error, and (for Google) a refresh token to get access tokens with. */
const isValid = (account: Ga4AccountRow) =>
  account.authError === null && (account.provider === 'demo' || account.refreshTokenEncrypted !== null);

export async function authStatus(db: Db, caller: Ga4Caller): Promise<Ga4AuthStatus> {
  const accounts = await listAccountRows(db, caller);
  const valid = accounts.filter(isValid).length;
  const counts = { has_valid_tokens: valid > 0, accounts_count: accounts.length, valid_accounts: valid };
  if (accounts.length === 0) return { status: 'no_accounts', message: GA4_MESSAGES.statusNoAccounts, ...counts };
  if (valid === accounts.length) return { status: 'authenticated', message: GA4_MESSAGES.statusAuthenticated, ...counts };
  if (valid > 0) return { status: 'partial_auth', message: GA4_MESSAGES.statusPartial(valid, accounts.length), ...counts };
  const allExpired = accounts.every((account) => account.authError === null || EXPIRY_CODES.includes(account.authError));
  return allExpired
    ? { status: 'auth_expired', message: GA4_MESSAGES.statusAuthExpired, ...counts }
    : { status: 'error', message: GA4_MESSAGES.statusError, ...counts };
}
