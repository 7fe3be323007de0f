/**
 * The organisation's own settings (spec 001 §3 "Organization": id, name, properties[] each of which
 * may be flagged isDefault; §7 GET and PUT /settings/org). The spec leaves the body open; Mosaic's
 * choice (docs/server.md "Organisation settings"): a property is one brand, website or product the
 * team markets, and when there are any, exactly one is the default. The request rules live here so
 * the settings form shows the same rule, in the same words, before it sends anything.
 */
import { z } from 'zod';
import { wireId } from './wire';

export const ORG_NAME_MAX_CHARS = 100;
export const ORG_PROPERTY_NAME_MAX_CHARS = 100;
export const ORG_PROPERTIES_MAX = 50;

export const ORGANIZATION_TEXTS = {
  nameRequired: 'Organisation name is required',
  nameTooLong: `Organisation name must be at most ${ORG_NAME_MAX_CHARS} characters`,
  propertyNameRequired: 'Every property needs a name',
  propertyNameTooLong: `Property names must be at most ${ORG_PROPERTY_NAME_MAX_CHARS} characters`,
  tooManyProperties: `An organisation can have at most ${ORG_PROPERTIES_MAX} properties`,
  duplicatePropertyName: (name: string) => `There are two properties called "${name}": give each its own name`,
  noDefaultProperty: 'Mark one property as the default',
  severalDefaultProperties: 'Only one property can be the default',
} as const;

export const orgPropertySchema = z.object({
  id: wireId,
  name: z.string(),
  isDefault: z.boolean(),
});
export type OrgProperty = z.infer<typeof orgPropertySchema>;

/** GET and PUT /settings/org answer. */
export const organizationSchema = z.object({
  id: wireId,
  name: z.string(),
  properties: z.array(orgPropertySchema),
});
export type Organization = z.infer<typeof organizationSchema>;

const propertyInputSchema = z.object({
  /** Absent for a property added in this edit; the server gives it an id. */
  id: z.optional(wireId),
  name: z
    .string({ error: ORGANIZATION_TEXTS.propertyNameRequired })
    .trim()
    .min(1, ORGANIZATION_TEXTS.propertyNameRequired)
    .max(ORG_PROPERTY_NAME_MAX_CHARS, ORGANIZATION_TEXTS.propertyNameTooLong),
  isDefault: z.boolean({ error: 'isDefault must be true or false' }),
});

/**
 * PUT /settings/org: the whole settings (name and the full list of properties, in order). Names are
 * trimmed; property names are unique ignoring case; a non-empty list has exactly one default.
 */
export const updateOrganizationSchema = z.object({
  name: z
    .string({ error: ORGANIZATION_TEXTS.nameRequired })
    .trim()
    .min(1, ORGANIZATION_TEXTS.nameRequired)
    .max(ORG_NAME_MAX_CHARS, ORGANIZATION_TEXTS.nameTooLong),
  properties: z
    .array(propertyInputSchema, { error: 'properties must be a list' })
    .max(ORG_PROPERTIES_MAX, ORGANIZATION_TEXTS.tooManyProperties)
    .superRefine((properties, context) => {
      const seen = new Set<string>();
      properties.forEach((property, index) => {
        const key = property.name.toLocaleLowerCase('en');
        if (seen.has(key)) {
          context.addIssue({ code: 'custom', path: [index, 'name'], message: ORGANIZATION_TEXTS.duplicatePropertyName(property.name) });
        }
        seen.add(key);
      });
      const defaults = properties.filter((property) => property.isDefault).length;
      if (properties.length > 0 && defaults === 0) context.addIssue({ code: 'custom', message: ORGANIZATION_TEXTS.noDefaultProperty });
      if (defaults > 1) context.addIssue({ code: 'custom', message: ORGANIZATION_TEXTS.severalDefaultProperties });
    }),
});
export type UpdateOrganizationInput = z.input<typeof updateOrganizationSchema>;
