/**
 * Labels of the marketing taxonomy the server categorises into (server/src/services/knowledge/
 * taxonomy.ts; a server test keeps the two lists in step).
 */
export const CATEGORY_LABELS: Record<string, string> = {
  brand: 'Brand',
  market_research: 'Market research',
  campaigns: 'Campaigns',
  product: 'Product',
  content: 'Content',
  analytics: 'Analytics',
  other: 'Other',
};

export const SUBCATEGORY_LABELS: Record<string, string> = {
  brand_guidelines: 'Brand guidelines',
  brand_voice: 'Brand voice',
  positioning: 'Positioning',
  competitor_analysis: 'Competitor analysis',
  customer_research: 'Customer research',
  market_trends: 'Market trends',
  campaign_plans: 'Campaign plans',
  email_marketing: 'Email marketing',
  paid_media: 'Paid media',
  social_media: 'Social media',
  events: 'Events',
  product_specs: 'Product specifications',
  launches: 'Launches and releases',
  pricing: 'Pricing',
  blog_posts: 'Blog posts and articles',
  case_studies: 'Case studies',
  seo: 'SEO',
  sales_enablement: 'Sales enablement',
  performance_reports: 'Performance reports',
  web_analytics: 'Web analytics',
  attribution: 'Attribution and conversion',
  general: 'General',
};

export const CATEGORY_IDS = Object.keys(CATEGORY_LABELS);

/** A readable label; unknown ids (a future category) are shown tidied rather than hidden. */
export function categoryLabel(id: string | null): string {
  if (!id) return 'Uncategorised';
  return CATEGORY_LABELS[id] ?? tidy(id);
}

export function subcategoryLabel(id: string | null): string | null {
  if (!id) return null;
  return SUBCATEGORY_LABELS[id] ?? tidy(id);
}

function tidy(id: string): string {
  const text = id.replace(/[_-]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}
