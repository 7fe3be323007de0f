import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import type { Organization } from '../../../src/contract/organization';
import { installFakeApi, type FakeApi } from '../app/support/fake-api';
import { renderApp, screen, signInAs } from '../app/support/render-app';
import { prepareScreenTests } from '../app/support/screen-tests';

prepareScreenTests();

const SAVED: Organization = {
  id: 'org-1',
  name: 'Acme Marketing',
  properties: [
    { id: 'p1', name: 'acme.com', isDefault: true },
    { id: 'p2', name: 'Acme Shop', isDefault: false },
  ],
};

function serveOrganization(api: FakeApi, initial = SAVED) {
  let current = initial;
  api.on('GET /settings/org', () => ({ status: 200, body: current }));
  api.on('PUT /settings/org', (call) => {
    const body = call.body as { name: string; properties: Array<{ id?: string; name: string; isDefault: boolean }> };
    current = {
      id: current.id,
      name: body.name.trim(),
      properties: body.properties.map((property, index) => ({ id: property.id ?? `new-${index}`, name: property.name.trim(), isDefault: property.isDefault })),
    };
    return { status: 200, body: current };
  });
}

const nameField = () => screen.getByLabelText('Organisation name') as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save organisation' });

describe('Workspace Settings: organisation', () => {
  it('lets an owner rename the organisation, add a property and make it the default', async () => {
    const api = installFakeApi();
    serveOrganization(api);
    await signInAs(api, 'org_owner');
    renderApp('/workspace-settings');

    await waitFor(() => expect(nameField().value).toBe('Acme Marketing'));
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    fireEvent.change(nameField(), { target: { value: 'Acme Growth' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add property' }));
    fireEvent.change(screen.getByLabelText('Property 3 name'), { target: { value: 'Acme Blog' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Make Acme Blog the default' }));
    fireEvent.click(saveButton());

    await waitFor(() => expect(api.callsTo('PUT /settings/org')).toHaveLength(1));
    expect(api.callsTo('PUT /settings/org')[0]!.body).toEqual({
      name: 'Acme Growth',
      properties: [
        { id: 'p1', name: 'acme.com', isDefault: false },
        { id: 'p2', name: 'Acme Shop', isDefault: false },
        { name: 'Acme Blog', isDefault: true },
      ],
    });
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(true));
    expect(nameField().value).toBe('Acme Growth');
  });

  it('names the problem under the field before anything is sent', async () => {
    const api = installFakeApi();
    serveOrganization(api);
    await signInAs(api, 'org_owner');
    renderApp('/workspace-settings');

    await waitFor(() => expect(nameField().value).toBe('Acme Marketing'));
    fireEvent.change(nameField(), { target: { value: '   ' } });
    expect(screen.getByText('Organisation name is required')).toBeTruthy();
    fireEvent.change(nameField(), { target: { value: 'Acme' } });
    fireEvent.change(screen.getByLabelText('Property 2 name'), { target: { value: 'ACME.com' } });
    expect(screen.getByText('There are two properties called "ACME.com": give each its own name')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    expect(api.callsTo('PUT /settings/org')).toHaveLength(0);
  });

  it("keeps the edit and says 'Failed to update organization' when saving fails", async () => {
    const api = installFakeApi();
    serveOrganization(api);
    api.on('PUT /settings/org', () => ({ status: 403, body: { detail: 'Only organisation owners can change the organisation settings', code: 'FORBIDDEN' } }));
    await signInAs(api, 'org_owner');
    renderApp('/workspace-settings');

    await waitFor(() => expect(nameField().value).toBe('Acme Marketing'));
    fireEvent.change(nameField(), { target: { value: 'Acme Growth' } });
    fireEvent.click(saveButton());

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to update organization: Only organisation owners can change the organisation settings',
    );
    expect(nameField().value).toBe('Acme Growth');
  });

  it.each(['org_admin', 'org_member'] as const)('shows %s the settings read-only', async (role) => {
    const api = installFakeApi();
    serveOrganization(api);
    await signInAs(api, role);
    renderApp('/workspace-settings');

    const properties = await screen.findByRole('list', { name: 'Properties' });
    expect(within(properties).getByText('acme.com').parentElement!.textContent).toBe('acme.comDefault');
    expect(screen.getByText('Acme Marketing')).toBeTruthy();
    expect(screen.queryByLabelText('Organisation name')).toBeNull();
    expect(screen.getByText("Only organisation owners can change the organisation's name and properties.")).toBeTruthy();
  });

  it("says 'Failed to fetch organization' when it cannot be loaded", async () => {
    const api = installFakeApi();
    api.on('GET /settings/org', () => ({ status: 503, body: { detail: 'Database unavailable' } }));
    await signInAs(api, 'org_owner');
    renderApp('/workspace-settings');

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch organization: Database unavailable');
  });
});
