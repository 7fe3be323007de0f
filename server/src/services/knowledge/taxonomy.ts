/**
 * The marketing taxonomy documents are sorted into: category → subcategories, each with the
 * words that signal it. Keywords are lower-case stems matched at word starts ("campaign" also
 * matches "campaigns"); multi-word phrases count double because they are more specific.
 */
export interface Subcategory {
  id: string;
  label: string;
  keywords: readonly string[];
}

export interface Category {
  id: string;
  label: string;
  subcategories: readonly Subcategory[];
}

export const TAXONOMY: readonly Category[] = [
  {
    id: 'brand',
    label: 'Brand',
    subcategories: [
      { id: 'brand_guidelines', label: 'Brand guidelines', keywords: ['brand guideline', 'style guide', 'logo', 'typography', 'colour palette', 'color palette', 'brand book', 'visual identity'] },
      { id: 'brand_voice', label: 'Brand voice', keywords: ['tone of voice', 'brand voice', 'messaging', 'tagline', 'vocabulary', 'tone'] },
      { id: 'positioning', label: 'Positioning', keywords: ['positioning', 'value proposition', 'brand promise', 'mission', 'vision', 'brand values', 'differentiat'] },
    ],
  },
  {
    id: 'market_research',
    label: 'Market research',
    subcategories: [
      { id: 'competitor_analysis', label: 'Competitor analysis', keywords: ['competitor', 'competitive', 'market share', 'swot', 'benchmark', 'rival'] },
      { id: 'customer_research', label: 'Customer research', keywords: ['survey', 'interview', 'respondent', 'persona', 'customer insight', 'focus group', 'segment', 'jobs to be done'] },
      { id: 'market_trends', label: 'Market trends', keywords: ['market size', 'trend', 'industry report', 'forecast', 'tam', 'growth rate', 'market research'] },
    ],
  },
  {
    id: 'campaigns',
    label: 'Campaigns',
    subcategories: [
      { id: 'campaign_plans', label: 'Campaign plans', keywords: ['campaign', 'launch plan', 'flight', 'media plan', 'creative brief', 'brief', 'timeline'] },
      { id: 'email_marketing', label: 'Email marketing', keywords: ['email', 'newsletter', 'subject line', 'open rate', 'drip', 'nurture'] },
      { id: 'paid_media', label: 'Paid media', keywords: ['paid social', 'ppc', 'google ads', 'cpc', 'cpm', 'ad spend', 'adwords', 'retargeting', 'bid'] },
      { id: 'social_media', label: 'Social media', keywords: ['social media', 'instagram', 'linkedin', 'tiktok', 'facebook', 'influencer', 'hashtag'] },
      { id: 'events', label: 'Events', keywords: ['event', 'webinar', 'conference', 'trade show', 'booth', 'attendee'] },
    ],
  },
  {
    id: 'product',
    label: 'Product',
    subcategories: [
      { id: 'product_specs', label: 'Product specifications', keywords: ['specification', 'feature', 'requirement', 'integration', 'api', 'technical'] },
      { id: 'launches', label: 'Launches and releases', keywords: ['release note', 'product launch', 'roadmap', 'go-to-market', 'gtm', 'beta', 'version'] },
      { id: 'pricing', label: 'Pricing', keywords: ['pricing', 'price', 'discount', 'subscription', 'tier', 'plan', 'packaging'] },
    ],
  },
  {
    id: 'content',
    label: 'Content',
    subcategories: [
      { id: 'blog_posts', label: 'Blog posts and articles', keywords: ['blog', 'article', 'post', 'headline', 'reader', 'editorial'] },
      { id: 'case_studies', label: 'Case studies', keywords: ['case study', 'customer story', 'testimonial', 'results', 'challenge', 'solution'] },
      { id: 'seo', label: 'SEO', keywords: ['seo', 'keyword', 'backlink', 'search ranking', 'serp', 'meta description', 'organic search'] },
      { id: 'sales_enablement', label: 'Sales enablement', keywords: ['one-pager', 'sales deck', 'pitch', 'battlecard', 'objection', 'whitepaper', 'ebook'] },
    ],
  },
  {
    id: 'analytics',
    label: 'Analytics',
    subcategories: [
      { id: 'performance_reports', label: 'Performance reports', keywords: ['report', 'kpi', 'roi', 'roas', 'performance', 'quarterly', 'monthly', 'dashboard'] },
      { id: 'web_analytics', label: 'Web analytics', keywords: ['sessions', 'pageview', 'bounce rate', 'google analytics', 'ga4', 'traffic', 'users', 'engagement'] },
      { id: 'attribution', label: 'Attribution and conversion', keywords: ['attribution', 'conversion', 'funnel', 'ctr', 'click-through', 'cohort', 'churn', 'ltv', 'cac'] },
    ],
  },
  {
    id: 'other',
    label: 'Other',
    subcategories: [{ id: 'general', label: 'General', keywords: [] }],
  },
];

export const FALLBACK = { category: 'other', subcategory: 'general' } as const;

export function findCategory(id: string): Category | undefined {
  return TAXONOMY.find((category) => category.id === id);
}

/** True when the pair exists in the taxonomy (a subcategory, when given, must belong to the category). */
export function isValidClassification(category: string, subcategory: string | null | undefined): boolean {
  const found = findCategory(category);
  if (!found) return false;
  return !subcategory || found.subcategories.some((entry) => entry.id === subcategory);
}
