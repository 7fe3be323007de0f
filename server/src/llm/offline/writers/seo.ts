/** The SEO agent's offline writing: search intent, keywords with title and description, a page outline. */
import { INTENTS, SEO_PRACTICE, SEO_STEPS, type SearchIntent } from '../phrases/seo';
import { capitalise, clip } from '../text';
import { fillPhrase, placeholders, type WritingKit } from '../writing-kit';
import { citedFact, numbered, type AgentWriter } from './shared';

const PAGE_WORDS = /\b(?:product|landing|home|category|service|services)?\s*(?:page|pages|post|posts|blog|article|site|website)\b/gi;

const GUIDE_H1 = ['{keyword}, made simple', 'Everything about {keyword}', '{keyword} for {audience}', 'Your guide to {keyword}'];
const LOCAL_H1 = ['{business} in {place}', 'Your local {business} in {place}', '{business} in {place}: find us, visit us'];

function intentOf(kit: WritingKit): SearchIntent {
  if (kit.reading.place) return 'local';
  const about = `${kit.reading.deliverable ?? ''} ${kit.reading.topic}`;
  if (/\b(?:pricing|prices?|plans?|compare|comparison|software|tool|service|agency)\b/i.test(about)) return 'commercial';
  if (/\b(?:product|shop|buy|order|delivery|store)\b/i.test(about)) return 'transactional';
  return 'informational';
}

/** The business as searched for, without its place: what it sells before what it is ("sourdough bakery"). */
function businessOf(kit: WritingKit): string {
  const bare = kit.reading.topic.replace(PAGE_WORDS, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
  const { offering } = kit.reading;
  return offering && !bare.includes(offering) ? `${offering} ${bare}`.trim() : bare;
}

/** The phrase people search for: the topic without the page words ("pricing page" → "pricing"), with its place. */
export function primaryKeyword(kit: WritingKit): string {
  const { reading } = kit;
  if (reading.place) return `${businessOf(kit)} ${reading.place.toLowerCase()}`;
  const bare = businessOf(kit);
  const season = reading.timeframe && /^(?:spring|summer|autumn|fall|winter|january|february|march|april|may|june|july|august|september|october|november|december)$/i.test(reading.timeframe);
  if (bare === 'pricing') return 'pricing plans';
  if (bare) return season ? `${bare} in ${reading.timeframe!.toLowerCase()}` : bare;
  // "our blog", "our website": what to rank for comes from who it should reach ("small bakery owners" → "small bakery tips").
  const who = reading.audience?.split(' ').slice(0, -1).join(' ');
  return who ? `${who.toLowerCase()} tips` : reading.topic.toLowerCase();
}

function values(kit: WritingKit): Record<string, string> {
  const business = businessOf(kit);
  return {
    ...placeholders(kit.reading, 'small businesses'),
    keyword: primaryKeyword(kit),
    business,
    place: kit.reading.place ?? '',
    offering: kit.reading.offering ?? business,
  };
}

export const seoWriter: AgentWriter = {
  audienceFallback: 'small businesses',
  summary(kit) {
    const intent = INTENTS[intentOf(kit)];
    const fill = (phrase: string) => fillPhrase(phrase, values(kit));
    const fact = citedFact(kit, 0, 200);
    const angle = fact ? `\n\nWhat you can offer that others cannot: ${fact}` : '';
    return `**${intent.label} intent.** ${fill(kit.pick(intent.who, 'who'))} ${fill(kit.pick(intent.wants, 'wants'))}${angle}`;
  },
  draft(kit) {
    const intent = INTENTS[intentOf(kit)];
    const fill = (phrase: string) => fillPhrase(phrase, values(kit));
    const keyword = primaryKeyword(kit);
    // Keywords as people type them: lower case ("best sourdough bakery in porto").
    const secondary = kit.pickSome(intent.modifiers, 5, 'modifiers').map((phrase) => fill(phrase).toLowerCase()).filter((phrase) => phrase !== keyword);
    const title = clip(fill(kit.pick(intent.titles, 'title')), 60);
    const description = clip(fill(kit.pick(intent.descriptions, 'description')), 155);
    return [
      `- **Primary keyword:** ${keyword}`,
      `- **Secondary keywords:** ${secondary.join(', ')}`,
      `- **Title tag** (${title.length} characters): ${title}`,
      `- **Meta description** (${description.length} characters): ${description}`,
      `- **H1:** ${capitalise(fill(kit.pick(intent === INTENTS.local ? LOCAL_H1 : GUIDE_H1, 'h1')))}`,
      ...(kit.rules.length > 0 ? [`- **Written to your voice:** ${kit.rules.slice(0, 3).join(' · ')}`] : []),
    ].join('\n');
  },
  outline(kit) {
    const intent = INTENTS[intentOf(kit)];
    const sections = kit.pickSome(intent.outline, 5, 'outline');
    // The outline keeps the intent's order: the answer first, the next step last.
    const ordered = intent.outline.filter((section) => sections.includes(section));
    const notes = ordered.map((section, index) => {
      const fact = citedFact(kit, index, 160);
      return `**${section}**${fact ? `: build on ${fact}` : ''}`;
    });
    return numbered(notes);
  },
  voicePractice: SEO_PRACTICE,
  leadingActions: (kit) => kit.pickSome(SEO_STEPS, 2, 'steps'),
};

