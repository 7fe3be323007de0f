/**
 * A generated corpus of realistic marketing documents (brand guidelines, research, campaign
 * briefs, product notes, content, analytics reports), deterministic for a given seed.
 */
const BRANDS = ['Acme', 'Northwind', 'Lumen', 'Bright Harbor', 'Contoso', 'Fabrikam', 'Tailspin', 'Wide World', 'Blue Yonder', 'Alpine Ski House'];
const CHANNELS = ['organic search', 'paid social', 'email', 'referral', 'direct', 'display', 'LinkedIn', 'Instagram', 'TikTok', 'podcasts'];
const AUDIENCES = ['trial users', 'marketing managers', 'small agencies', 'enterprise buyers', 'returning customers', 'Gen Z shoppers', 'CFOs', 'developers'];
const TOPICS = {
  brand: [
    'Our tone of voice is {adj}, direct and confident. We write for {audience} the way we would speak to a customer we respect.',
    'Logo usage: keep clear space around the {brand} logo equal to the cap height. Never stretch, recolour or rotate the logo.',
    'The colour palette pairs {brand} Violet with warm neutrals; typography uses a humanist sans serif for headings and body text.',
    'Positioning: {brand} is the {adj} choice for {audience} who want results without complexity. Our brand promise is clarity.',
  ],
  research: [
    'Competitor analysis: three rivals lead on price, while {brand} leads on onboarding speed according to {n} survey respondents.',
    'Customer interviews with {n} {audience} show that reporting time is the top frustration; personas Mia and Theo capture it.',
    'Market trends: the segment grows {p}% a year; the total addressable market forecast reaches {n} million by 2027.',
    'Focus groups preferred the {adj} messaging; {p}% said they would recommend the product to a colleague.',
  ],
  campaigns: [
    'Campaign brief: the spring launch targets {audience} through {channel} with a budget of {n} thousand euros over six weeks.',
    'Email nurture sequence: three emails on day 8, 10 and 13; the subject line test raised the open rate to {p}%.',
    'Paid media plan: CPC bids start at {n} cents on {channel}; retargeting runs for 30 days with frequency capping.',
    'Event plan: a webinar for {audience} with {n} registrations expected; the booth at the trade show needs new banners.',
  ],
  product: [
    'Release notes: version {n} adds a {channel} integration, faster exports and a redesigned dashboard for {audience}.',
    'Pricing and packaging: the Pro tier costs {n} euros a month; annual plans get a {p}% discount.',
    'Product specification: the API supports webhooks, single sign-on and audit logs required by {audience}.',
    'Go-to-market roadmap: beta in spring, general availability in autumn, with a {adj} launch on {channel}.',
  ],
  content: [
    'Blog post draft: five ways {audience} can cut reporting time, with a headline test and a call to action.',
    'Case study: {brand} helped a retailer raise conversions by {p}%; the challenge, the solution and the results.',
    'SEO plan: target the keyword cluster around marketing analytics; {n} backlinks and new meta descriptions this quarter.',
    'Sales enablement one-pager: objections, battlecard answers and the pitch for {audience}.',
  ],
  analytics: [
    'Quarterly performance report: sessions rose to {n} thousand, bounce rate fell to {p}%, and ROAS on {channel} reached 4.2.',
    'Web analytics: GA4 shows {channel} as the top source of engaged sessions; average engagement time is {n} seconds.',
    'Attribution: the funnel from click-through to conversion improved {p}%; churn fell and LTV to CAC is now 3.4.',
    'Monthly KPI dashboard: {n} conversions, {p}% conversion rate, cost per acquisition down on {channel}.',
  ],
} as const;

export type CorpusTopic = keyof typeof TOPICS;
export const TOPIC_NAMES = Object.keys(TOPICS) as CorpusTopic[];

/** Small deterministic PRNG (mulberry32), so runs are comparable. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface CorpusDocument {
  filename: string;
  topic: CorpusTopic;
  text: string;
}

/** `count` documents of about `paragraphs` paragraphs each (≈ 220 characters per paragraph). */
export function generateCorpus(count: number, paragraphs = 40, seed = 42): CorpusDocument[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const fill = (template: string, brand: string) =>
    template
      .replaceAll('{brand}', brand)
      .replaceAll('{adj}', pick(['warm', 'bold', 'playful', 'calm', 'expert']))
      .replaceAll('{audience}', pick(AUDIENCES))
      .replaceAll('{channel}', pick(CHANNELS))
      .replaceAll('{n}', String(Math.floor(next() * 900) + 10))
      .replaceAll('{p}', String(Math.floor(next() * 60) + 5));
  return Array.from({ length: count }, (_, index) => {
    const topic = TOPIC_NAMES[index % TOPIC_NAMES.length]!;
    const brand = pick(BRANDS);
    const body = Array.from({ length: paragraphs }, (_, p) => `${p + 1}. ${fill(pick(TOPICS[topic]), brand)} ${fill(pick(TOPICS[pick(TOPIC_NAMES)]), brand)}`);
    return { filename: `${brand.toLowerCase().replaceAll(' ', '-')}-${topic}-${index + 1}.txt`, topic, text: `${brand} ${topic} document ${index + 1}\n\n${body.join('\n\n')}` };
  });
}

export const SEARCH_QUERIES = [
  'tone of voice',
  'logo clear space',
  'open rate subject line',
  'competitor analysis survey',
  'What is our pricing for the Pro tier?',
  'webinar registrations',
  'bounce rate sessions report',
  'attribution funnel conversion',
  'case study retailer conversions',
  'SEO keyword backlinks',
  'paid social retargeting budget',
  'personas reporting frustration',
  'release notes dashboard',
  'Gen Z shoppers',
  'How did LinkedIn perform last quarter?',
];
