/** Properties the caller's connected accounts can read (GET /integrations/ga4/properties). */
import type { Ga4Property, Ga4PropertiesResponse } from '../../../../src/contract/ga4';
import { ProviderError } from '../../ga4/types';
import { callWithAccount, withAccountToken } from './account-access';
import { findOwnAccount, listAccountRows, toWireAccount, type Ga4AccountRow } from './accounts.service';
import type { Ga4Caller, Ga4Context } from './ga4-context';
import { accountErrorCode, toAppError } from './ga4-errors';

async function propertiesOf(ctx: Ga4Context, account: Ga4AccountRow, tolerateAccountErrors: boolean): Promise<Ga4Property[]> {
  const call = tolerateAccountErrors ? withAccountToken : callWithAccount;
  try {
    const found = await call(ctx, account, (provider, token) => provider.listProperties(token));
    return found.map((property) => ({
      property_id: property.propertyId,
      display_name: property.displayName,
      account_id: account.id,
      ga4_account_name: property.accountName,
    }));
  } catch (error) {
    // Listing every account: one that needs reconnecting shows its auth_error instead of failing the page.
    if (error instanceof ProviderError && accountErrorCode(error)) return [];
    throw error instanceof ProviderError ? toAppError(error) : error;
  }
}

/** One account's properties (errors answered as such), or every account's (account errors tolerated). */
export async function listProperties(ctx: Ga4Context, caller: Ga4Caller, accountId?: string): Promise<Ga4PropertiesResponse> {
  const accounts = accountId ? [await findOwnAccount(ctx.db, caller, accountId)] : await listAccountRows(ctx.db, caller);
  const properties: Ga4Property[] = [];
  for (const account of accounts) properties.push(...(await propertiesOf(ctx, account, !accountId)));
  // Re-read: the calls above may have set or cleared auth_error.
  const fresh = await listAccountRows(ctx.db, caller);
  const shown = accountId ? fresh.filter((account) => account.id === accountId) : fresh;
  return { accounts: shown.map(toWireAccount), properties };
}

/** The property as the account sees it, or undefined when the account cannot read it. */
export async function findAccountProperty(ctx: Ga4Context, account: Ga4AccountRow, propertyId: string): Promise<Ga4Property | undefined> {
  return (await propertiesOf(ctx, account, false)).find((property) => property.property_id === propertyId);
}
