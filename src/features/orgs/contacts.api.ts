import { callEndpoint } from '../../api';
import type { OrgContact } from '../../contract/orgs';
import { ORG_ROUTES } from '../../contract/orgs-routes';

/** The organisation's owners and admins by name (every role of the organisation may ask). */
export async function fetchOrgContacts(): Promise<OrgContact[]> {
  return (await callEndpoint(ORG_ROUTES.contacts)).contacts;
}
