/**
 * The Dashboard's "Get started" checklist (valtio): the server's answer for the current space, read
 * each time the Dashboard opens so a step done elsewhere is ticked on return. Closing it is saved
 * on the server for the person (every device) and shown at once; a failed save brings it back.
 * Cleared on logout and on a space switch (the steps are per space).
 */
import { proxy } from 'valtio';
import type { Onboarding } from '../../contract/onboarding';
import { CHECKLIST_STEPS } from '../../contract/onboarding';
import { onSessionReset, onSpaceSwitch } from '../../session';
import { fetchOnboarding, putDismissal } from './onboarding.api';

export interface OnboardingState {
  value: Onboarding | null;
  loading: boolean;
  /** The last load failed (the checklist is then simply not shown: it is an aid, not the screen). */
  failed: boolean;
}

const initialState = (): OnboardingState => ({ value: null, loading: false, failed: false });
export const onboardingState = proxy<OnboardingState>(initialState());

let generation = 0;

export async function loadOnboarding(): Promise<void> {
  const mine = generation;
  onboardingState.loading = true;
  try {
    const value = await fetchOnboarding();
    if (mine !== generation) return;
    onboardingState.value = value;
    onboardingState.failed = false;
  } catch {
    if (mine === generation) onboardingState.failed = true;
  } finally {
    if (mine === generation) onboardingState.loading = false;
  }
}

/** Closes (true) or brings back (false) the checklist; throws when the server could not save it. */
export async function setChecklistDismissed(dismissed: boolean): Promise<void> {
  const before = onboardingState.value;
  if (before) onboardingState.value = { ...before, dismissed };
  try {
    const saved = await putDismissal(dismissed);
    onboardingState.value = saved;
  } catch (error) {
    if (before) onboardingState.value = { ...before, dismissed: before.dismissed };
    throw error;
  }
}

/** How many steps are done, of how many. */
export function progressOf(value: Onboarding): { done: number; total: number } {
  return { done: CHECKLIST_STEPS.filter((step) => value.steps[step]).length, total: CHECKLIST_STEPS.length };
}

/** Shown until closed, and gone by itself once every step is done. */
export function isChecklistShown(value: Onboarding | null): value is Onboarding {
  if (!value || value.dismissed) return false;
  const { done, total } = progressOf(value);
  return done < total;
}

function reset(): void {
  generation += 1;
  Object.assign(onboardingState, initialState());
}

onSessionReset(reset);
// The Dashboard loads the new space's checklist itself (it reloads on every space change).
onSpaceSwitch(reset);
