/**
 * The agents' display names, by slug: the one source for the server's catalogue
 * (server/src/agents/*.ts) and for screens that have only a slug to show (the breadcrumb of
 * /agents/{slug}, spec 000 §2), so "seo" reads "SEO" everywhere rather than "Seo".
 */
/** The agents' slugs, in catalogue order: the server knows these agents and no others (GET /agents answers them). */
export const AGENT_SLUGS = ['brand-voice', 'strategy-review', 'seo', 'cmo', 'email', 'creative'] as const;
export type AgentSlug = (typeof AGENT_SLUGS)[number];

export const AGENT_NAMES = {
  'brand-voice': 'Brand Voice',
  'strategy-review': 'Strategy Review',
  seo: 'SEO',
  cmo: 'CMO',
  email: 'Email',
  creative: 'Creative',
} as const satisfies Record<AgentSlug, string>;

/** The agent's name, or the slug title-cased for a slug that is not an agent (spec 000 §2). */
export function agentLabel(slug: string): string {
  const known = (AGENT_NAMES as Record<string, string>)[slug];
  if (known) return known;
  return slug
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}
