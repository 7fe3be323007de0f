/**
 * Test set-up: lets an organisation hold an email domain verified, as a TXT record or a platform
 * admin's approval would (tests/server/domain-claims.test.ts covers those paths themselves), so
 * suites that add people through a join request by domain need neither a DNS server nor an admin.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../server/src/db/database';
import { orgDomainClaims } from '../../server/src/db/schema/index';

export async function holdDomainVerified(database: Database, orgId: string, domain: string): Promise<void> {
  const verified = { status: 'verified' as const, verifiedAt: new Date(), verificationMethod: 'dns' as const };
  await database.db
    .insert(orgDomainClaims)
    .values({ orgId, domain: domain.toLowerCase(), verificationToken: randomBytes(16).toString('hex'), ...verified })
    .onConflictDoUpdate({ target: [orgDomainClaims.orgId, orgDomainClaims.domain], set: verified });
}
