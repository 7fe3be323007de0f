import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { isOrgManagerRole } from '../../contract/auth';
import { authState } from '../../session';
import { planStatus, type PlanStatus } from './billing.status';
import { billingState, refreshBilling } from './billing.store';

/** The live plan and credits; every screen that shows them asks for fresh figures when it opens. */
export function useBilling() {
  const billing = useSnapshot(billingState);
  useEffect(() => {
    void refreshBilling();
  }, []);
  const status: PlanStatus | null = billing.plan ? planStatus(billing.plan, billing.credits?.reset_date) : null;
  return { ...billing, status };
}

/** Owners and admins buy credits and change the plan (the server enforces the same rule). */
export function useCanManageBilling(): boolean {
  const { user } = useSnapshot(authState);
  return isOrgManagerRole(user?.role);
}
