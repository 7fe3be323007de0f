import type { Role } from '../../../../src/contract/auth';

/**
 * Who may do what with billing (spec 001 §6 leaves server-side rules open):
 * - everyone in the organisation reads the plan, the balance, the ledger and the usage reports,
 *   and spends credits (a chat or a deduction), because every member uses the agents;
 * - owners and admins buy credits, change the plan, and call the create calls (which only spend).
 *   The create calls write arbitrary labels into the organisation-wide ledger and reports and
 *   charge the shared balance outside the product's priced flows, so they belong to the people
 *   accountable for the organisation's spending, like purchases.
 * - credits are added (or corrected) without a payment only by a platform system admin, with a
 *   reason, audited (POST /billing/credits/add names the organisation: no space involved).
 *   Support admins may look but not move money.
 * Platform admins have no organisation and are refused by the space check (404), which runs
 * before the role check so they learn nothing about the space.
 */
export const BILLING_READERS = ['org_owner', 'org_admin', 'org_member'] as const satisfies readonly Role[];
export const BILLING_MANAGERS = ['org_owner', 'org_admin'] as const satisfies readonly Role[];
export const CREDIT_ADJUSTERS = ['system_admin'] as const satisfies readonly Role[];
