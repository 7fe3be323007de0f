import { http } from '../../api';
import type { OrgContact } from '../../contract/orgs';

/** The organisation's owners and admins by name (every role of the organisation may ask). */
export async function fetchOrgContacts(): Promise<OrgContact[]> {
  return (await http.get<{ contacts: OrgContact[] }>('/orgs/contacts')).contacts;
}
