/** The answers of the /integrations/ga4 calls as schemas; the wire types they fit are in ga4.ts. */
import { z } from 'zod';
import {
  GA4_AUTH_STATUS_VALUES,
  GA4_ERROR_CODES,
  type Ga4Account,
  type Ga4AccountsResponse,
  type Ga4AuthStatus,
  type Ga4LinkedProperty,
  type Ga4LinkedPropertiesResponse,
  type Ga4PropertiesResponse,
} from './ga4';
import { wireId } from './wire';

export const ga4AccountSchema = z.object({
  id: wireId,
  email: z.string(),
  google_user_id: z.string(),
  scopes: z.string(),
  created_at: z.string(),
  is_demo: z.boolean(),
  auth_error: z.enum(GA4_ERROR_CODES).nullable(),
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
