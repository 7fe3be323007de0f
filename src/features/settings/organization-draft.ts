/**
 * The organisation settings form's working copy and its checks: the same rules, in the same words,
 * as the server's (src/contract/organization.ts), shown under each field before anything is sent.
 */
import { updateOrganizationSchema, type Organization, type UpdateOrganizationInput } from '../../contract/organization';

export interface DraftProperty {
  /** Stable React key, also for properties not saved yet. */
  key: string;
  id?: string;
  name: string;
  isDefault: boolean;
}

export interface OrganizationDraft {
  name: string;
  properties: DraftProperty[];
}

export interface DraftProblems {
  name?: string;
  /** Problems of the list as a whole (no default, two defaults, too many). */
  list?: string;
  /** Per property key. */
  properties: Record<string, string>;
}

let nextKey = 0;
const newKey = () => `property-${++nextKey}`;

export function draftOf(organization: Organization): OrganizationDraft {
  return {
    name: organization.name,
    properties: organization.properties.map((property) => ({ key: property.id, ...property })),
  };
}

/** A new, empty property row; the first one becomes the default, so a list of one is valid at once. */
export function addProperty(draft: OrganizationDraft): OrganizationDraft {
  const isDefault = draft.properties.length === 0;
  return { ...draft, properties: [...draft.properties, { key: newKey(), name: '', isDefault }] };
}

/** Removing the default hands the flag to the first remaining property. */
export function removeProperty(draft: OrganizationDraft, key: string): OrganizationDraft {
  const removed = draft.properties.find((property) => property.key === key);
  const rest = draft.properties.filter((property) => property.key !== key);
  if (removed?.isDefault && rest[0] && !rest.some((property) => property.isDefault)) rest[0] = { ...rest[0], isDefault: true };
  return { ...draft, properties: rest };
}

export function makeDefault(draft: OrganizationDraft, key: string): OrganizationDraft {
  return { ...draft, properties: draft.properties.map((property) => ({ ...property, isDefault: property.key === key })) };
}

export function renameProperty(draft: OrganizationDraft, key: string, name: string): OrganizationDraft {
  return { ...draft, properties: draft.properties.map((property) => (property.key === key ? { ...property, name } : property)) };
}

export function toInput(draft: OrganizationDraft): UpdateOrganizationInput {
  return {
    name: draft.name,
    properties: draft.properties.map(({ id, name, isDefault }) => (id ? { id, name, isDefault } : { name, isDefault })),
  };
}

export function problemsOf(draft: OrganizationDraft): DraftProblems | null {
  const parsed = updateOrganizationSchema.safeParse(toInput(draft));
  if (parsed.success) return null;
  const problems: DraftProblems = { properties: {} };
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    if (field === 'name') problems.name ??= issue.message;
    else if (field === 'properties' && typeof index === 'number') {
      const key = draft.properties[index]?.key;
      if (key) problems.properties[key] ??= issue.message;
    } else problems.list ??= issue.message;
  }
  return problems;
}

/** Whether the draft differs from what is saved (after the trimming the server applies). */
export function isChanged(draft: OrganizationDraft, saved: Organization): boolean {
  const input = toInput(draft);
  if (input.name.trim() !== saved.name || input.properties.length !== saved.properties.length) return true;
  return input.properties.some((property, index) => {
    const was = saved.properties[index];
    return !was || property.id !== was.id || property.name.trim() !== was.name || property.isDefault !== was.isDefault;
  });
}
