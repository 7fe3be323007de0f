/** The CMO agent's phrase banks. Placeholders as in phrases/email.ts. */
export const OUTCOMES: readonly string[] = [
  'The business question behind {yours} is growth you can repeat: more revenue from the customers you can reach profitably.',
  'Behind {yours} sits one outcome that matters to the board: profitable growth, measured monthly.',
  'What the business needs from {yours} is revenue it can forecast, not just activity.',
];

export const LEVERS: readonly string[] = [
  'The lever that moves it fastest is focus: back the channel that already converts and give it a clear target.',
  'The quickest lever is conversion, not reach: improving how many visitors act costs less than buying more of them.',
  'Retention is the cheapest lever: a customer kept is worth more than one bought.',
];

export const TRADE_OFFS: readonly string[] = [
  'To make room, stop one activity that cannot show its return, and say so openly.',
  'The price of focus is saying no: pause the weakest channel for a quarter.',
  'Something has to give: cap spend on anything without a measured return.',
];

/** Options for a particular kind of decision, matched on the request (name | impact | cost | time to result). */
export const DECISION_OPTIONS: readonly { match: RegExp; options: readonly string[]; verdicts: readonly string[] }[] = [
  {
    match: /\b(?:expand|expansion|enter|international|abroad|new (?:market|country|region)|into [A-Z])/,
    options: [
      'Test demand with a small paid campaign in the new market | Medium | Low | 4–6 weeks',
      'Ship to early customers there from the current operation | Medium | Low | 6–8 weeks',
      'Partner with a local retailer or distributor | High | Medium | 3–6 months',
      'Full launch: local site, pricing, payment and support | High | High | 6–12 months',
    ],
    verdicts: ['Test before you commit: the cheap demand test tells you whether the full launch is worth its cost.', 'Go step by step: each option buys the evidence for the next, and stopping stays cheap.'],
  },
  {
    match: /\b(?:budget|split|spend|allocat)/i,
    options: [
      'Weight budget to the channel with the lowest cost per acquisition | High | Low | 2–4 weeks',
      'Keep a fixed 10–20% test budget for new channels | Medium | Low | 8–12 weeks',
      'Shift spend from prospecting to retargeting and retention | Medium | Low | 4–6 weeks',
      'Invest in search content that lowers paid costs over time | High | Medium | 3–6 months',
    ],
    verdicts: ['Decide on cost per acquisition, not on habit: move money monthly towards what converts.', 'Protect a small test budget; put the rest where conversions are proven.'],
  },
];

/** Options to weigh: name | impact | cost | time to result. */
export const OPTIONS: readonly string[] = [
  'Double down on the best-converting channel | High | Medium | 4–6 weeks',
  'Improve conversion on the key landing pages | High | Low | 2–4 weeks',
  'Launch a retention programme for existing customers | Medium | Low | 6–8 weeks',
  'Test one new channel with a capped budget | Medium | Medium | 8–12 weeks',
  'Sharpen positioning and refresh core messaging | Medium | Low | 4 weeks',
  'Build content that ranks for buying-intent searches | High | Medium | 3–6 months',
];

export const PRIORITIES: readonly string[] = [
  'One north-star metric for {yours}, reported weekly to the leadership team. Target: baseline set by week 2.',
  'Lift conversion on the top three landing pages. Target: +15% within 60 days.',
  'Reallocate 20% of budget from the weakest channel to the strongest. Target: lower blended cost per acquisition by day 90.',
  'A retention touchpoint for every new customer in their first 30 days. Target: +10% second purchases.',
  'One positioning statement, used in every campaign. Target: agreed and live by day 30.',
];

export const CMO_PRACTICE: readonly string[] = [
  'Say the same thing everywhere: one positioning statement, repeated until it is boring to you and familiar to customers.',
  'Lead with the customer problem, then the proof, then the offer.',
  'Keep the tone confident and plain: executives and customers both trust specifics over superlatives.',
];
