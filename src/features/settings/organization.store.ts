/** The organisation's settings (name, properties): loaded and saved by Workspace Settings (org-setting.store.ts). */
import type { Organization, UpdateOrganizationInput } from '../../contract/organization';
import { createOrgSettingStore } from './org-setting.store';
import { fetchOrganization, putOrganization } from './organization.api';

/** Spec 001 §8 texts. */
export const ORGANIZATION_MESSAGES = {
  fetchFailed: 'Failed to fetch organization',
  updateFailed: 'Failed to update organization',
} as const;

export const organizationStore = createOrgSettingStore<Organization, UpdateOrganizationInput>({
  fetch: fetchOrganization,
  put: putOrganization,
  messages: ORGANIZATION_MESSAGES,
});
