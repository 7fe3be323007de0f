/**
 * The /integrations/ga4 calls' requests and answers as schemas, with the words a 422 says; the wire
 * types they fit are in ga4.ts, the endpoints in ga4-endpoints.ts.
 */
import { z } from 'zod';
import {
  GA4_AUTH_STATUS_VALUES,
  GA4_ERROR_CODES,
  type Ga4Account,
  type Ga4AccountsResponse,
  type Ga4AuthStatus,
  type Ga4LinkPayload,
  type Ga4LinkedProperty,
  type Ga4LinkedPropertiesResponse,
  type Ga4OAuthStartResponse,
  type Ga4PropertiesResponse,
  type Ga4RemoveAccountResponse,
  type Ga4ReportResponse,
} from './ga4';
import { requiredText } from './required-text';
import { wireId } from './wire';

export const ga4AccountSchema = z.object({
  id: wireId,
  email: z.string(),
  google_user_id: z.string(),
  scopes: z.string(),
  created_at: z.string(),
  is_demo: z.boolean(),
  auth_error: z.enum(GA4_ERROR_CODES).nullable(),
  linked_in: z.array(z.object({ space_id: wireId, space_name: z.string(), property_name: z.string() })).readonly().optional(),
}) satisfies z.ZodType<Ga4Account>;

export const ga4AccountsResponseSchema = z.object({ accounts: z.array(ga4AccountSchema) }) satisfies z.ZodType<Ga4AccountsResponse>;

export const ga4PropertiesResponseSchema = z.object({
  accounts: z.array(ga4AccountSchema),
  properties: z.array(z.object({ property_id: z.string(), display_name: z.string(), account_id: wireId, ga4_account_name: z.string() })),
}) satisfies z.ZodType<Ga4PropertiesResponse>;

export const ga4LinkedPropertySchema = z.object({
  id: wireId,
  ga4_property_id: z.string(),
  ga4_property_display_name: z.string(),
}) satisfies z.ZodType<Ga4LinkedProperty>;

export const ga4LinkedPropertiesResponseSchema = z.object({
  linked_properties: z.array(ga4LinkedPropertySchema),
}) satisfies z.ZodType<Ga4LinkedPropertiesResponse>;

export const ga4AuthStatusSchema = z.object({
  status: z.enum(GA4_AUTH_STATUS_VALUES),
  message: z.string(),
  has_valid_tokens: z.boolean(),
  accounts_count: z.number().int(),
  valid_accounts: z.number().int(),
}) satisfies z.ZodType<Ga4AuthStatus>;

/** GET /integrations/ga4/oauth/start: where the browser goes to grant access. */
export const ga4OAuthStartSchema = z.object({ redirect_url: z.string() }) satisfies z.ZodType<Ga4OAuthStartResponse>;

/** DELETE /integrations/ga4/accounts/{id}: what was removed, as a sentence. */
export const ga4RemoveAccountSchema = z.object({ message: z.string() }) satisfies z.ZodType<Ga4RemoveAccountResponse>;

/** GET /integrations/ga4/oauth/callback: what Google sends the browser back with. */
export const ga4CallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(8192).optional(),
  error: z.string().max(200).optional(),
});

export const ga4PropertiesQuery = z.object({ account_id: z.string().trim().min(1, 'account_id must not be empty').optional() });

/** GA4 property ids are numbers written as text ('123456789'). */
const propertyId = z
  .string(requiredText('ga4_property_id'))
  .trim()
  .regex(/^\d{1,20}$/, 'The GA4 property id must be its number, e.g. 123456789');

/** POST /integrations/ga4/link. */
export const ga4LinkBody = z.object({
  google_oauth_account_id: z.string(requiredText('google_oauth_account_id')).trim().min(1, 'google_oauth_account_id is required'),
  ga4_property_id: propertyId,
  ga4_property_display_name: z
    .string(requiredText('ga4_property_display_name'))
    .trim()
    .min(1, 'ga4_property_display_name is required')
    .max(200, 'ga4_property_display_name must be at most 200 characters'),
}) satisfies z.ZodType<Ga4LinkPayload>;

/** What a 422 says about a report's dates. */
export const GA4_REPORT_TEXTS = {
  startAfterEnd: 'start_date must be on or before end_date',
  compareBothOrNeither: 'Send compare_start_date and compare_end_date together, or neither',
  compareStartAfterEnd: 'compare_start_date must be on or before compare_end_date',
  invalidDate: (field: string) => `${field} must be a real date written YYYY-MM-DD`,
} as const;

/** Runs even after the pattern failed (zod reports every problem), so it must not throw on any text. */
function isCalendarDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/** A real calendar day written YYYY-MM-DD (2025-02-30 is refused). */
const isoDate = (field: string) =>
  z
    .string(requiredText(field))
    .regex(/^\d{4}-\d{2}-\d{2}$/, GA4_REPORT_TEXTS.invalidDate(field))
    .refine(isCalendarDay, GA4_REPORT_TEXTS.invalidDate(field));

/** GA4 names: letters, digits and underscores (custom ones like customEvent:x also have a colon). */
const apiName = (label: string) => z.string().regex(/^[A-Za-z][A-Za-z0-9_:]{0,99}$/, `${label} must be a GA4 API name, e.g. sessions`);

const orderBy = z
  .object({ metric: apiName('A metric').optional(), dimension: apiName('A dimension').optional(), desc: z.boolean().default(false) })
  .refine((order) => (order.metric === undefined) !== (order.dimension === undefined), 'Each order_by names exactly one metric or dimension');

/** POST /integrations/ga4/report. GA4's limits: 10 metrics and 9 dimensions per report, 1–10,000 rows per page (spec brief: limit 1–10000). */
export const ga4ReportBody = z
  .object({
    property_id: propertyId,
    metrics: z.array(apiName('A metric')).min(1, 'Ask for at least one metric').max(10, 'At most 10 metrics per report'),
    dimensions: z.array(apiName('A dimension')).max(9, 'At most 9 dimensions per report').default([]),
    start_date: isoDate('start_date'),
    end_date: isoDate('end_date'),
    order_bys: z.array(orderBy).max(10, 'At most 10 order_bys').optional(),
    limit: z.number().int('limit must be a whole number').min(1, 'limit must be at least 1').max(10_000, 'limit must be at most 10000').optional(),
    compare_start_date: isoDate('compare_start_date').optional(),
    compare_end_date: isoDate('compare_end_date').optional(),
  })
  .refine((body) => body.start_date <= body.end_date, { message: GA4_REPORT_TEXTS.startAfterEnd, path: ['start_date'] })
  .refine((body) => (body.compare_start_date === undefined) === (body.compare_end_date === undefined), {
    message: GA4_REPORT_TEXTS.compareBothOrNeither,
    path: ['compare_start_date'],
  })
  .refine((body) => !body.compare_start_date || !body.compare_end_date || body.compare_start_date <= body.compare_end_date, {
    message: GA4_REPORT_TEXTS.compareStartAfterEnd,
    path: ['compare_start_date'],
  });

export const ga4ReportSchema = z.object({
  property_id: z.string(),
  property_name: z.string(),
  row_count: z.number().int(),
  totals: z.record(z.string(), z.number()),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  compare_totals: z.record(z.string(), z.number()).optional(),
  /** True when the figures come from the embedded demo source (synthetic). */
  is_demo: z.boolean(),
}) satisfies z.ZodType<Ga4ReportResponse>;
