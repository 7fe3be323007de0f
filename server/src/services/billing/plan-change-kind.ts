/** The plan row's change kind (src/contract/plan-change.ts), as of `now`. */
import type { CataloguePlan } from '../../../../src/contract/billing-catalogue';
import { planChangeKind as kindOf, type PlanChangeKind } from '../../../../src/contract/plan-change';
import { planIsActive, type PlanRecord } from './plans.service';

export function planChangeKind(current: PlanRecord, offer: CataloguePlan, now: Date): PlanChangeKind {
  return kindOf({ type: current.type, active: planIsActive(current, now), paidOnce: current.expiresAt !== null }, offer);
}
