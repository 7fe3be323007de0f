/**
 * The spaces endpoints (spec 000 §7; docs/server.md "Spaces lifecycle"): the organisation's spaces
 * for everyone in it; creating, renaming, archiving, restoring and deleting one for its owners and
 * admins. Not space-scoped: they list and manage the spaces themselves. Methods and paths are in
 * spaces-routes.ts.
 */
import { z } from 'zod';
import type { EndpointDeclaration } from './endpoint';
import { requiredText } from './required-text';
import { SPACE_SLUG_PATTERN, archivedSpacePageSchema, spaceDeletionSchema, spacePageQuerySchema, spacePageSchema, spaceSchema } from './spaces';

const spaceName = z
  .string(requiredText('Name'))
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

/** Blank descriptions are stored as "no description". */
const description = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(500, 'Description must be at most 500 characters')
  .nullish();

/** POST /spaces/. */
const createSpaceBody = z.object({
  name: spaceName,
  slug: z
    .string(requiredText('Slug'))
    .trim()
    .min(1, 'Slug is required')
    .max(64, 'Slug must be at most 64 characters')
    .regex(SPACE_SLUG_PATTERN, 'Slug may contain only lowercase letters, digits and hyphens'),
  description: description.transform((value) => value || null),
});

/** PATCH /spaces/{id}: the slug stays, as it is in people's links. */
const updateSpaceBody = z
  .object({
    name: spaceName.optional(),
    // Left out: unchanged; blank: cleared.
    description: description.transform((value) => (value === undefined ? undefined : value || null)),
  })
  .refine((body) => body.name !== undefined || body.description !== undefined, { message: 'Send a name, a description or both' });

/** POST /spaces/{id}/delete: the space's name typed again, as confirmation. */
const deleteSpaceBody = z.object({ confirm_name: z.string(requiredText('The space name')) });

// Any text: a malformed id is 'Space not found' like an unknown one (the server's service checks).
const spaceParams = z.object({ id: z.string() });

const common = { tags: ['spaces'], auth: 'bearer' } as const;
/** Archive and restore answer alike. */
const archiving = { ...common, params: spaceParams, answers: { 200: spaceSchema }, errors: [401, 403, 404, 409] } as const;

export const SPACE_DECLARATIONS = {
  list: {
    ...common,
    summary: "Spaces of the caller's organisation, default first, then by name: a page, and the cursor of the next",
    query: spacePageQuerySchema,
    answers: { 200: spacePageSchema },
    errors: [401, 422],
  },
  create: {
    ...common,
    summary: 'Create a space (organisation owners and admins)',
    body: createSpaceBody,
    answers: { 201: spaceSchema },
    errors: [401, 403, 409, 422],
  },
  archived: {
    ...common,
    summary: "The organisation's archived spaces, by name (owners and admins): a page, and the cursor of the next",
    query: spacePageQuerySchema,
    answers: { 200: archivedSpacePageSchema },
    errors: [401, 403, 422],
  },
  update: {
    ...common,
    summary: 'Rename or describe a space (the slug stays)',
    params: spaceParams,
    body: updateSpaceBody,
    answers: { 200: spaceSchema },
    errors: [401, 403, 404, 422],
  },
  archive: {
    ...archiving,
    summary: 'Archive a space: hidden and closed to work until restored, nothing removed (not the default space)',
  },
  restore: { ...archiving, summary: 'Restore an archived space' },
  remove: {
    ...common,
    summary: 'Delete a space, confirmed by its name: gone at once, its data removed in the background (not the default space)',
    params: spaceParams,
    body: deleteSpaceBody,
    answers: { 202: spaceDeletionSchema },
    errors: [401, 403, 404, 409, 422],
  },
} satisfies Record<string, EndpointDeclaration>;

export type SpaceDeclarations = typeof SPACE_DECLARATIONS;
