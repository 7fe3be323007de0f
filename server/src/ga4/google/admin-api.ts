/** Properties the user can read, from the Analytics Admin API's accountSummaries (paginated). */
import type { ProviderProperty } from '../types';
import { apiError, fetchGoogle } from './google-errors';

interface AccountSummariesPage {
  accountSummaries?: {
    account?: string;
    displayName?: string;
    propertySummaries?: { property?: string; displayName?: string }[];
  }[];
  nextPageToken?: string;
}

/** 200 is the API's largest page. */
const PAGE_SIZE = 200;
/** A safety stop: 50 pages = 10,000 accounts, far beyond any real user; a looping token cannot hang us. */
const MAX_PAGES = 50;

export async function listAccountSummaries(baseUrl: string, accessToken: string, timeoutMs: number): Promise<ProviderProperty[]> {
  const properties: ProviderProperty[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const url = new URL(`${baseUrl}/accountSummaries`);
    url.searchParams.set('pageSize', String(PAGE_SIZE));
    if (pageToken) url.searchParams.set('pageToken', pageToken);
    const response = await fetchGoogle(url.toString(), { headers: { authorization: `Bearer ${accessToken}` } }, timeoutMs);
    const text = await response.text();
    if (!response.ok) throw apiError(response.status, text);
    const body = JSON.parse(text) as AccountSummariesPage;
    for (const summary of body.accountSummaries ?? []) {
      for (const property of summary.propertySummaries ?? []) {
        // 'properties/123456789' → '123456789'
        const propertyId = property.property?.replace(/^properties\//, '');
        if (!propertyId) continue;
        properties.push({
          propertyId,
          displayName: property.displayName ?? propertyId,
          accountName: summary.displayName ?? summary.account ?? '',
        });
      }
    }
    pageToken = body.nextPageToken || undefined;
    if (!pageToken) break;
  }
  return properties;
}
