/** zod schemas of the /integrations/ga4 calls; the wire types are src/contract/ga4.ts, the answers src/contract/ga4-schemas.ts. */
import { z } from 'zod';
import {
  ga4AccountsResponseSchema,
  ga4AuthStatusSchema,
  ga4LinkedPropertiesResponseSchema,
  ga4LinkedPropertySchema,
  ga4PropertiesResponseSchema,
} from '../../../../src/contract/ga4-schemas';
import { GA4_MESSAGES } from '../../errors';
import { requiredText } from '../common.schemas';

// The answers' shapes are the contract's (src/contract/ga4.ts); the route file names them here.
export const accountsResponse = ga4AccountsResponseSchema;
export const propertiesResponse = ga4PropertiesResponseSchema;

export const propertiesQuery = z.object({ account_id: z.string().trim().min(1, 'account_id must not be empty').optional() });

export const linkedPropertySchema = ga4LinkedPropertySchema;
export const linkedPropertiesResponse = ga4LinkedPropertiesResponseSchema;

/** GA4 property ids are numbers written as text ('123456789'). */
const propertyId = z
  .string(requiredText('ga4_property_id'))
  .trim()
  .regex(/^\d{1,20}$/, 'The GA4 property id must be its number, e.g. 123456789');

export const linkBody = z.object({
  google_oauth_account_id: z.string(requiredText('google_oauth_account_id')).trim().min(1, 'google_oauth_account_id is required'),
  ga4_property_id: propertyId,
  ga4_property_display_name: z
    .string(requiredText('ga4_property_display_name'))
    .trim()
    .min(1, 'ga4_property_display_name is required')
    .max(200, 'ga4_property_display_name must be at most 200 characters'),
});

export const messageResponse = z.object({ message: z.string() });

/** Runs even after the pattern failed (zod reports every problem), so it must not throw on any text. */
function isCalendarDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** A real calendar day written YYYY-MM-DD (2025-02-30 is refused). */
const isoDate = (field: string) =>
  z
    .string(requiredText(field))
    .regex(/^\d{4}-\d{2}-\d{2}$/, GA4_MESSAGES.invalidDate(field))
    .refine(isCalendarDay, GA4_MESSAGES.invalidDate(field));

/** GA4 names: letters, digits and underscores (custom ones like customEvent:x also have a colon). */
const apiName = (label: string) => z.string().regex(/^[A-Za-z][A-Za-z0-9_:]{0,99}$/, `${label} must be a GA4 API name, e.g. sessions`);

const orderBy = z
  .object({ metric: apiName('A metric').optional(), dimension: apiName('A dimension').optional(), desc: z.boolean().default(false) })
  .refine((order) => (order.metric === undefined) !== (order.dimension === undefined), 'Each order_by names exactly one metric or dimension');

/** GA4's limits: 10 metrics and 9 dimensions per report, 1–10,000 rows per page (spec brief: limit 1–10000). */
export const reportBody = z
  .object({
    property_id: propertyId,
    metrics: z.array(apiName('A metric')).min(1, 'Ask for at least one metric').max(10, 'At most 10 metrics per report'),
    dimensions: z.array(apiName('A dimension')).max(9, 'At most 9 dimensions per report').default([]),
    start_date: isoDate('start_date'),
    end_date: isoDate('end_date'),
    order_bys: z.array(orderBy).max(10, 'At most 10 order_bys').optional(),
    limit: z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(10_000, 'limit must be at most 10000').optional(),
  })
  .refine((body) => body.start_date <= body.end_date, { message: GA4_MESSAGES.startAfterEnd, path: ['start_date'] });

export const reportResponse = z.object({
  property_id: z.string(),
  property_name: z.string(),
  row_count: z.number().int(),
  totals: z.record(z.string(), z.number()),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  /** True when the figures come from the embedded demo source (synthetic). */
  is_demo: z.boolean(),
});

export const authStatusResponse = ga4AuthStatusSchema;

export const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(8192).optional(),
  error: z.string().max(200).optional(),
});
