/**
 * What the scale bench measures: the pages and searches people open on a large database, each as
 * the app asks for it, called by a seeded person of the right role (scale-seed.ts says who is who).
 */
import { createHash } from 'node:crypto';

/** A seeded row's id, as the seed derives it (`pg_temp.seed_id` in scale-seed.ts): its key's MD5 as a version-4 UUID. */
export function seededId(key: string): string {
  const md5 = createHash('md5').update(key).digest('hex');
  const hex = `${md5.slice(0, 12)}4${md5.slice(13, 16)}8${md5.slice(17)}`;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type Caller = 'owner' | 'platformAdmin';

export interface BenchEndpoint {
  name: string;
  /** Under /api/v1. */
  path: string;
  caller: Caller;
  /**
   * False: measured and printed, not held to the targets. The admin dashboard's overview adds up
   * the whole platform (every organisation's credits and documents), which reads whole tables
   * by nature until it keeps running totals (docs/scale.md "Left as it is").
   */
  target?: false;
}

/** Organisation 0's default space (space 0) holds the long chat (chat 0). */
export const BENCH_SPACE_ID = seededId('space:0');

export const SCALE_ENDPOINTS: BenchEndpoint[] = [
  { name: 'chat history page', path: '/agents/history?limit=50', caller: 'owner' },
  { name: 'history search', path: '/agents/history/search?query=campaign%20launch&limit=20', caller: 'owner' },
  { name: '5,000-message chat', path: `/agents/sessions/${seededId('chat:0')}/messages?versions=all&limit=50`, caller: 'owner' },
  { name: 'knowledge-base search', path: '/kb/search?query=brand%20audience%20strategy&k=5', caller: 'owner' },
  { name: 'transactions page', path: '/billing/credits/transactions?limit=20', caller: 'owner' },
  { name: 'admin user search', path: '/admin/users?q=lovelace', caller: 'platformAdmin' },
  { name: 'admin audit log', path: '/admin/audit', caller: 'platformAdmin' },
  { name: 'org members list', path: '/orgs/members', caller: 'owner' },
  { name: 'dashboard: usage breakdown', path: '/billing/analytics/usage-breakdown?period=30d', caller: 'owner' },
  { name: 'dashboard: recent activity', path: '/billing/analytics/recent-activity?limit=10', caller: 'owner' },
  { name: 'admin dashboard overview', path: '/admin/overview', caller: 'platformAdmin', target: false },
];

/** The seeded people the bench signs in as (every seeded account has the bench's password). */
export const CALLER_EMAILS: Record<Caller, string> = {
  owner: 'person0@org0.example.com',
  platformAdmin: 'admin@platform.example.com',
};
