/** The SEO agent's phrase banks, by search intent. Placeholders as in phrases/email.ts, plus {keyword}. */
/** `local`: a business named with its place ("a bakery in Porto"); {business} is it without the place, {place} the place. */
export type SearchIntent = 'local' | 'commercial' | 'transactional' | 'informational';

export interface IntentPhrases {
  label: string;
  who: readonly string[];
  wants: readonly string[];
  /** Keyword patterns around the primary keyword. */
  modifiers: readonly string[];
  titles: readonly string[];
  descriptions: readonly string[];
  outline: readonly string[];
}

export const INTENTS: Record<SearchIntent, IntentPhrases> = {
  local: {
    label: 'Local',
    who: ['People in and around {place} looking for a {business}, most of them on their phone and close by.', 'Locals and visitors in {place} deciding which {business} to choose today or this week.'],
    wants: ['They want to know where you are, when you are open and why you are worth the trip, in one glance.', 'They look for opening hours, directions, prices and what other people say, then they visit or order.'],
    modifiers: ['best {business} in {place}', '{business} near me', '{keyword} opening hours', '{business} {place} reviews', '{business} {place} delivery', 'where to buy {offering} in {place}'],
    titles: ['{^business} in {place} | Opening hours and directions', '{^business} in {place}: prices, hours and reviews', 'Your {business} in {place}', '{^business} in {place} | Visit or order ahead'],
    descriptions: [
      'Visit our {business} in {place}: opening hours, directions, prices and what our regulars say. Order ahead or drop in.',
      'A {business} in {place} people come back to. See prices and opening hours, read the reviews and find us on the map.',
      'Looking for a {business} in {place}? Find our address, opening hours and this week\'s favourites, and order ahead.',
    ],
    outline: ['What you offer and where to find you', 'Opening hours, address and a map', 'The range, with prices', 'What locals say', 'How to order ahead or book', 'Questions people ask before they visit'],
  },
  commercial: {
    label: 'Commercial investigation',
    who: ['People comparing options for {keyword}, usually with two or three tabs open.', 'Searchers who know they need {keyword} and are weighing who to trust.'],
    wants: ['They want to see the price, what is included and why you rather than the next result, without digging.', 'They are looking for proof and a clear comparison, then a low-risk way to try.'],
    modifiers: ['best {keyword}', '{keyword} prices', '{keyword} comparison', '{keyword} reviews', '{keyword} for {audience}', 'affordable {keyword}', '{keyword} alternatives'],
    titles: ['{^keyword}: plans and prices', '{^keyword} compared: find your fit', '{^keyword} that works for {audience}', 'Simple, honest {keyword}'],
    descriptions: [
      'Compare {keyword} options side by side: what is included, what it costs and how to start. No surprises, cancel any time.',
      'See what you get with our {keyword}, from the first step to the full plan. Clear prices and real answers to common questions.',
      'Everything you need to choose {keyword} with confidence: features, prices and what customers say.',
    ],
    outline: ['What you get, at a glance', 'Plans and prices, side by side', 'How it compares with the alternatives', 'What customers say', 'Questions people ask before buying', 'How to get started'],
  },
  transactional: {
    label: 'Transactional',
    who: ['Ready-to-buy searchers looking for {keyword} today.', 'People who have decided on {keyword} and are looking for where to get it.'],
    wants: ['They want availability, delivery, price and a quick way to check out.', 'They want to confirm the details and buy without friction.'],
    modifiers: ['buy {keyword}', '{keyword} online', '{keyword} delivery', '{keyword} near me', '{keyword} offer', '{keyword} next day delivery'],
    titles: ['{^keyword}: order online today', 'Buy {keyword}, delivered to your door', '{^keyword}, ready when you are', 'Shop {keyword} online'],
    descriptions: [
      'Order {keyword} online with fast delivery and easy returns. See prices, options and what is in stock now.',
      'Get {keyword} delivered: clear prices, secure checkout and friendly help if you need it.',
      'Shop {keyword} today. Simple choices, quick delivery and a team happy to help.',
    ],
    outline: ['The product and its price above the fold', 'Options and sizes', 'Delivery and returns in plain words', 'Reviews and ratings', 'Frequently asked questions', 'Related products'],
  },
  informational: {
    label: 'Informational',
    who: ['People looking for a clear answer about {keyword}, often on their phone.', 'Readers who want to learn about {keyword} before they do anything else.'],
    wants: ['They want a direct answer first, then steps they can follow, then somewhere to go next.', 'They want practical, trustworthy guidance they can act on today.'],
    modifiers: ['{keyword} tips', '{keyword} guide', '{keyword} checklist', '{keyword} mistakes to avoid', '{keyword} for beginners', '{keyword} step by step', '{keyword} ideas'],
    titles: ['{^keyword}: a practical guide', '{^keyword}, step by step', 'The beginner\'s guide to {keyword}', '{^keyword}: what works'],
    descriptions: [
      'A practical guide to {keyword}: what to do, what to avoid and how to get it right first time.',
      'Learn {keyword} step by step, with simple tips, common mistakes and a checklist to keep.',
      'Everything you need to know about {keyword}, explained simply, with steps you can follow today.',
    ],
    outline: ['The short answer', 'Why it matters', 'Step-by-step guide', 'Common mistakes to avoid', 'Tools and resources', 'Frequently asked questions'],
  },
};

export const SEO_PRACTICE: readonly string[] = [
  'Write titles and headings the way searchers phrase the question.',
  'Use the words customers use, even when the team has a name of its own for it.',
  'Promise only what the page delivers: no "best" without proof.',
];

export const SEO_STEPS: readonly string[] = [
  'Check the top five results for the primary keyword and note what they all cover: that is the minimum.',
  'Map each secondary keyword to one heading, not to a new page.',
  'Measure impressions and clicks for the primary keyword in Search Console four weeks after publishing.',
  'Add structured data (FAQ or Product) where the page qualifies.',
];
