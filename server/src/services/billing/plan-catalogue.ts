import type { PlanType } from '../../db/schema/enums';
import { CATALOGUE_PLAN_TYPES } from '../../../../src/contract/billing-catalogue';

// The server's billing constants. The plans and credit packages on sale are the shared catalogue
// (src/contract/billing-catalogue.ts), imported from there directly.

/** Paid plans renew their credits every 30 days. */
export const CREDIT_CYCLE_DAYS = 30;
export const DAY_MS = 24 * 60 * 60 * 1000;

// Fails to compile if the catalogue offers a plan type the database enum does not know.
const _cataloguePlanTypesExist: readonly PlanType[] = CATALOGUE_PLAN_TYPES;
void _cataloguePlanTypesExist;
