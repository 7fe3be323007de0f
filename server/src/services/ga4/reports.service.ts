/** Reports on a property linked to the caller's space, through the account that linked it. */
import { eq } from 'drizzle-orm';
import type { Ga4ReportRequest, Ga4ReportResponse } from '../../../../src/contract/ga4';
import { ga4Accounts } from '../../db/schema/index';
import { GA4_MESSAGES, notFound } from '../../errors';
import { callWithAccount } from './account-access';
import type { Ga4Context } from './ga4-context';
import { findLinkedProperty } from './links.service';

/** GA4's own default page size; the request may ask for 1–10,000. */
export const DEFAULT_REPORT_LIMIT = 10_000;

/** The wire type leaves `is_demo` optional for older servers; this server always says. */
export type Ga4ReportAnswer = Ga4ReportResponse & { is_demo: boolean };

/** Any member of the space may read reports of its linked properties, whoever linked them. */
export async function runReport(ctx: Ga4Context, spaceId: string, request: Ga4ReportRequest): Promise<Ga4ReportAnswer> {
  const link = await findLinkedProperty(ctx.db, spaceId, request.property_id);
  if (!link) throw notFound(GA4_MESSAGES.propertyNotLinked);
  const [account] = await ctx.db.select().from(ga4Accounts).where(eq(ga4Accounts.id, link.accountId));
  if (!account) throw notFound(GA4_MESSAGES.propertyNotLinked);
  const result = await callWithAccount(ctx, account, (provider, token) =>
    provider.runReport(token, {
      propertyId: request.property_id,
      metrics: request.metrics,
      dimensions: request.dimensions,
      startDate: request.start_date,
      endDate: request.end_date,
      orderBys: request.order_bys ?? [],
      limit: request.limit ?? DEFAULT_REPORT_LIMIT,
      ...(request.compare_start_date && request.compare_end_date ? { compare: { startDate: request.compare_start_date, endDate: request.compare_end_date } } : {}),
    }),
  );
  return {
    property_id: request.property_id,
    property_name: link.ga4PropertyDisplayName,
    row_count: result.rowCount,
    totals: result.totals,
    rows: result.rows,
    ...(result.compareTotals ? { compare_totals: result.compareTotals } : {}),
    // Always sent, so the dashboard can label synthetic figures without guessing.
    is_demo: account.provider === 'demo',
  };
}
