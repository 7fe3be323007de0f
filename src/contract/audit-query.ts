/**
 * The audit log's filters as a request (GET /admin/audit, GET /orgs/audit): the query the server
 * takes, with the texts a 422 says. The fields are AuditFilters (audit.ts) with a page's cursor and size.
 */
import { z } from 'zod';
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from './audit';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string()
    .regex(DATE, `${label} must be a date written YYYY-MM-DD`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${label} must be a real date`)
    .optional();

export const auditQuerySchema = z
  .object({
    action: z.string().trim().max(80).optional(),
    actor: z.string().trim().max(200).optional(),
    organization: z.string().trim().max(200).optional(),
    from: day('From'),
    to: day('To'),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'From must be on or before To', path: ['from'] });
