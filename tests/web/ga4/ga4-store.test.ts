import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../src/api';
import { wipeAll } from '../../../src/db';
import { authState, getCurrentSpaceId } from '../../../src/session';
import { dashboardState, loadDashboard } from '../../../src/features/ga4/dashboard/dashboard.store';
import { GA4_MESSAGES } from '../../../src/features/ga4/connections/ga4-errors';
import { readLinkedProperties } from '../../../src/features/ga4/connections/ga4.cache';
import {
  ga4State,
  linkProperty,
  loadLinkedProperties,
  resetGa4,
  selectProperty,
  unlinkProperty,
} from '../../../src/features/ga4/connections/ga4.store';
import { switchSpace } from '../../../src/features/spaces/spaces.store';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { signInAs, signOut } from '../app/support/render-app';
import { installFakeGa4, linkIn, makeProperty, type FakeGa4 } from './fake-ga4';

let api: FakeApi;
let ga4: FakeGa4;

beforeEach(async () => {
  api = installFakeApi();
  ga4 = installFakeGa4(api);
  await wipeAll();
  await signInAs(api, 'org_member');
});
afterEach(signOut);

const selected = () => ga4State.selectedPropertyId;

describe('GA4 store: selection', () => {
  it('selects the first linked property by itself, and keeps it when more are linked', async () => {
    await loadLinkedProperties();
    expect(selected()).toBeNull();
    await linkProperty(makeProperty('222', 'acc-1', 'Acme Blog'));
    expect(selected()).toBe('222');
    await linkProperty(makeProperty('111', 'acc-1', 'Acme Shop'));
    expect(selected()).toBe('222');
    expect(api.callsTo('POST /integrations/ga4/link')[1]!.body).toEqual({
      google_oauth_account_id: 'acc-1',
      ga4_property_id: '111',
      ga4_property_display_name: 'Acme Shop',
    });
  });

  it('moves the selection to the first remaining property when the selected one is unlinked', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop'], ['222', 'Acme Blog'], ['333', 'Acme App']);
    await loadLinkedProperties();
    expect(selected()).toBe('111');
    selectProperty('333');
    await unlinkProperty('link-333');
    expect(selected()).toBe('111');
    await unlinkProperty('link-111');
    expect(selected()).toBe('222');
    await unlinkProperty('link-222');
    expect(selected()).toBeNull();
    expect(api.callsTo('DELETE /integrations/ga4/unlink/link-333')).toHaveLength(1);
  });

  it('remembers the choice for the space on this device', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop'], ['222', 'Acme Blog']);
    await loadLinkedProperties();
    selectProperty('222');
    resetGa4();
    await loadLinkedProperties();
    expect(selected()).toBe('222');
  });

  it('ignores a property that is not linked', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    await loadLinkedProperties();
    selectProperty('999');
    expect(selected()).toBe('111');
  });
});

describe('GA4 store: errors', () => {
  it("refuses a report without a selected property: 'No GA4 property selected'", async () => {
    await loadLinkedProperties();
    await loadDashboard();
    expect(dashboardState.error?.message).toBe('No GA4 property selected');
    expect(api.callsTo('POST /integrations/ga4/report')).toHaveLength(0);
  });

  it('sets the auth-error flag for GA4_AUTH_FAILED and clears it for GA4_QUOTA_EXCEEDED', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    await loadLinkedProperties();
    api.on('POST /integrations/ga4/report', () => ({ status: 403, body: { code: 'GA4_AUTH_FAILED' } }));
    await loadDashboard();
    expect(ga4State.authError).toBe(true);
    expect(dashboardState.error).toEqual({ message: GA4_MESSAGES.authFailed, code: 'GA4_AUTH_FAILED', kind: 'auth' });

    api.on('POST /integrations/ga4/report', () => ({ status: 429, body: { code: 'GA4_QUOTA_EXCEEDED', detail: 'Quota used up until 14:00' } }));
    await loadDashboard();
    expect(ga4State.authError).toBe(false);
    // The server's detail overrides the catalogue text (spec 001 §8).
    expect(dashboardState.error).toEqual({ message: 'Quota used up until 14:00', code: 'GA4_QUOTA_EXCEEDED', kind: 'temporary' });
  });

  it('keeps the user signed in on a 401 from a GA4 path and says to reconnect Google', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    await loadLinkedProperties();
    api.on('POST /integrations/ga4/report', () => ({ status: 401, body: { detail: 'Google token revoked' } }));
    await loadDashboard();
    expect(dashboardState.error?.message).toBe(ERROR_MESSAGES.ga4OauthExpired);
    expect(ga4State.authError).toBe(true);
    expect(authState.status).toBe('AUTHENTICATED');
    expect(api.callsTo('POST /refresh')).toHaveLength(0);
  });

  it('treats a 404 when listing accounts as no accounts', async () => {
    api.on('GET /integrations/ga4/accounts', () => ({ status: 404, body: { detail: 'Not found' } }));
    const { loadAccounts } = await import('../../../src/features/ga4/connections/ga4.store');
    await loadAccounts();
    expect(ga4State.accounts).toEqual([]);
    expect(ga4State.accountsLoaded).toBe(true);
    expect(ga4State.error).toBeNull();
  });
});

describe('GA4 store: space switch', () => {
  it("clears the old space's GA4 data and reloads the new space's", async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    linkIn(ga4, 's2', ['222', 'Acme Blog']);
    await loadLinkedProperties();
    expect(selected()).toBe('111');
    switchSpace('s2');
    expect(ga4State.linkedProperties).toEqual([]);
    expect(selected()).toBeNull();
    await waitFor(() => expect(selected()).toBe('222'));
    expect(ga4State.linkedProperties.map((p) => p.ga4_property_display_name)).toEqual(['Acme Blog']);
    expect(api.callsTo('GET /integrations/ga4/linked-properties').at(-1)!.headers.get('X-Space-Id')).toBe('s2');
  });
});

describe('GA4 store: the linked properties kept on this device', () => {
  it('offline, shows the list this device saw last, written once the browser was idle', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop'], ['222', 'Acme Blog']);
    const spaceId = getCurrentSpaceId()!;
    await loadLinkedProperties();
    // Written after the start-up's busy moment, not before the list shows.
    await waitFor(async () => expect((await readLinkedProperties(spaceId))?.map((p) => p.ga4_property_id)).toEqual(['111', '222']));
    resetGa4();
    api.offline = true;
    await loadLinkedProperties();
    expect(ga4State.linkedProperties.map((p) => p.ga4_property_display_name)).toEqual(['Acme Shop', 'Acme Blog']);
    expect(ga4State.linkedFromDevice).toBe(true);
  });

  it('writes nothing when the person signs out before the browser is idle', async () => {
    linkIn(ga4, 's1', ['111', 'Acme Shop']);
    const spaceId = getCurrentSpaceId()!;
    await loadLinkedProperties();
    await signOut();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await readLinkedProperties(spaceId)).toBeNull();
  });
});
