import 'fake-indexeddb/auto';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { takeContractDisagreements } from './fake-backend-contract';

/**
 * Screens are waited for, never timed: `findBy…` and `waitFor` end as soon as their condition
 * holds, so these bounds only decide how long a failing test takes to say so. Testing Library's
 * default (1 s) fails tests that are merely slow on a loaded 2-core CI machine; the test bound
 * sits above the longest wait so a wait that runs out reports what it was waiting for.
 */
export const WEB_WAIT_BOUND_MS = 20_000;
configure({ asyncUtilTimeout: WEB_WAIT_BOUND_MS });
vi.setConfig({ testTimeout: 3 * WEB_WAIT_BOUND_MS, hookTimeout: 3 * WEB_WAIT_BOUND_MS });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // A fake backend that answered (or was sent) a body the contract refuses fails the test.
  const disagreements = takeContractDisagreements();
  if (disagreements.length > 0) throw new Error(disagreements.join('\n\n'));
});
