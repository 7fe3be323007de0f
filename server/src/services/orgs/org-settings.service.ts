/**
 * The organisation's own settings (spec 001 "Organization"; docs/server.md "Organisation
 * settings"): its name and its properties, one of them the default. Everyone in the organisation
 * reads them; owners change them.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Organization, updateOrganizationSchema } from '../../../../src/contract/organization';
import type { Role } from '../../../../src/contract/auth';
import type { DbExecutor, Db } from '../../db/database';
import { organizations } from '../../db/schema/index';
import { MESSAGES, forbidden, notFound } from '../../errors';
import { recordOrganisationAudit } from '../audit/audit.service';

type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationUpdate = z.output<typeof updateOrganizationSchema>;

export interface OrgSettingsEditor {
  userId: string;
  email: string;
  role: Role;
  orgId: string;
}

function toOrganization(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    properties: row.properties.map(({ id, name, isDefault }) => ({ id, name, isDefault })),
  };
}

export async function getOrganization(db: DbExecutor, orgId: string): Promise<Organization> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  if (!row) throw notFound(MESSAGES.organisationNotFound);
  return toOrganization(row);
}

/**
 * Replaces name and properties. A property keeps its id when the edit names one it already has
 * (so a rename is still the same property); unknown ids are treated as new. The owner check is
 * repeated under the row lock, so a demotion that commits first wins.
 */
export async function updateOrganization(
  db: Db,
  editor: OrgSettingsEditor,
  update: OrganizationUpdate,
  ipAddress: string | null,
): Promise<Organization> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(organizations).where(eq(organizations.id, editor.orgId)).for('update');
    if (!current) throw notFound(MESSAGES.organisationNotFound);
    if (editor.role !== 'org_owner') throw forbidden(MESSAGES.onlyOwnersEditOrganisation);
    const knownIds = new Set(current.properties.map((property) => property.id));
    const properties = update.properties.map((property) => ({
      id: property.id && knownIds.has(property.id) ? property.id : randomUUID(),
      name: property.name,
      isDefault: property.isDefault,
    }));
    const [row] = await tx
      .update(organizations)
      .set({ name: update.name, properties, updatedAt: new Date() })
      .where(eq(organizations.id, editor.orgId))
      .returning();
    if (!row) throw notFound(MESSAGES.organisationNotFound);
    await recordOrganisationAudit(tx, editor, {
      action: 'org.updated',
      target: { type: 'organization', id: editor.orgId },
      ipAddress,
      details: {
        ...(current.name !== row.name ? { previousName: current.name, name: row.name } : {}),
        properties: properties.length,
      },
    });
    return toOrganization(row);
  });
}
