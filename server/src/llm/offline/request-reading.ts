/**
 * What a marketer's request asks for, read without a model: the thing to make ("welcome email"),
 * what it is about as a natural noun phrase ("the spring coffee launch"), who it is for, what it
 * should achieve, and any copy given to review. The offline engine writes from this reading, so
 * its answers talk about the topic instead of listing the request's words back.
 */

export type TaskKind = 'write' | 'review' | 'rewrite' | 'ideas' | 'plan' | 'question' | 'summarise';

export interface RequestReading {
  task: TaskKind;
  /** The artefact asked for, lower case ("welcome email", "seo brief"), or null. */
  deliverable: string | null;
  /** The topic without a determiner ("spring coffee launch", "Q3 strategy"); never empty. */
  topic: string;
  /** The topic as the team's own ("your spring coffee launch") or shared ("the …"), for advice. */
  yours: string;
  /** The topic as the brand says it to customers ("our spring coffee launch"). */
  ours: string;
  /** Who it is for ("new subscribers"), or null. */
  audience: string | null;
  /** What it should achieve ("grow trial sign-ups"), or null. */
  purpose: string | null;
  /** When ("next quarter", "Q3"), or null. */
  timeframe: string | null;
  /** How many were asked for ("three concepts"), or null. */
  count: number | null;
  /** Copy the person gave to review or rewrite (quoted, or after a colon), or null. */
  copy: string | null;
  /** The topic came from the request's words only (no phrase could be read). */
  vague: boolean;
  /** The request is an instruction or a question (not copy pasted on its own). */
  instructed: boolean;
  /** Where the business or the audience is, as written ("Porto", "East London"), or null. */
  place: string | null;
  /** What the business sells or makes, when the request says ("sourdough"), or null. */
  offering: string | null;
}

/** "in Porto", "near East London": a capitalised name after a place preposition (months and quarters are times). */
const PLACE = /\b(?:in|near|around|across)\s+((?:[A-Z][\p{L}'’-]+)(?:\s+[A-Z][\p{L}'’-]+){0,2})/u;
const NOT_A_PLACE = /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Q[1-4]|H[12]|Spring|Summer|Autumn|Winter|English|French|Spanish|German|Portuguese|Italian)\b/;
/** "that sells sourdough", "selling handmade candles", "which offers yoga classes". */
const OFFERING = /\b(?:(?:that|which|who)\s+(?:sells?|makes?|offers?|serves?|bakes?|roasts?|brews?)|selling|making|offering|serving)\s+((?:[\p{L}-]+\s*){1,4}?)(?=\s+(?:in|near|for|to|at|and|with|on)\b|[,.;:?!]|$)/iu;

function placeOf(instruction: string): string | null {
  const match = PLACE.exec(instruction);
  const place = match?.[1] ?? null;
  return place && !NOT_A_PLACE.test(place) ? place : null;
}

function offeringOf(instruction: string): string | null {
  const offering = OFFERING.exec(instruction)?.[1]?.trim().toLowerCase() ?? '';
  return offering && !/^(?:it|them|this|that|things|stuff|products?|services?)$/.test(offering) ? offering : null;
}

const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12 };

/** Openings that carry no meaning ("Can you please", "I need you to"). */
const LEAD_IN = /^(?:(?:hi|hello|hey)\b[,!.]?\s*|(?:can|could|would|will)\s+(?:you|we)\s+(?:please\s+)?|please\s+|i(?:'d| would) like(?: you)? to\s+|i(?:'d| would) like\s+|(?:i|we) need(?: you)?(?: to)?\s+|(?:i|we) want(?: you)? to\s+|help (?:me|us)(?: to)?\s+|let's\s+|let us\s+|quick(?:ly)?\s+)/i;

/** The task verb the request starts with, and what kind of task it names. */
const TASK_VERBS: [RegExp, TaskKind][] = [
  [/^(?:rewrite|rephrase|reword|edit|tighten|polish|fix)\b/i, 'rewrite'],
  [/^(?:review|audit|assess|evaluate|critique|check|pressure-test|stress-test|analy[sz]e|look at|judge|score|grade)\b/i, 'review'],
  [/^(?:summari[sz]e|sum up|explain|describe|outline our|define)\b/i, 'summarise'],
  [/^(?:brainstorm|suggest|propose|recommend|come up with|pitch|give (?:me|us)|find|identify|list|share)\b/i, 'ideas'],
  [/^(?:plan|map out|prioriti[sz]e|set|build a plan|prepare a plan)\b/i, 'plan'],
  [/^(?:write|draft|create|prepare|make|design|build|develop|produce|compose|put together|craft|generate|outline|improve|update|refresh|turn)\b/i, 'write'],
];

const QUESTION = /^(?:what|which|how|why|where|when|who|should|is|are|do|does|can)\b/i;

/** Head nouns of things a marketer asks an agent to make. */
const DELIVERABLE_HEADS = new Set(
  (
    'email emails newsletter newsletters sequence series brief briefs headline headlines tagline taglines slogan slogans concept concepts idea ideas ' +
    'copy post posts article articles blog description descriptions page pages subject line lines ad ads campaign campaigns update updates ' +
    'keywords keyword title titles tag tags meta plan plans strategy strategies review audit report summary rules guide guidelines outline ' +
    'announcement announcements message messages script scripts caption captions proposal deck pitch priorities budget recommendations ' +
    'options names name story stories content calendar roadmap checklist faq faqs cta ctas hook hooks angle angles theme themes variations variants'
  ).split(' '),
);

/** Nouns that name people, so "for new subscribers" is the audience, not the topic. */
const AUDIENCE_HEADS = new Set(
  (
    'subscribers subscriber customers customer users user owners owner buyers buyer members member readers reader parents teams managers ' +
    'shoppers fans prospects clients visitors leads founders marketers students teachers families bakers gardeners developers ' +
    'professionals businesses companies agencies retailers partners donors patients travellers travelers guests homeowners runners ' +
    'sign-ups signups trialists audience audiences people millennials executives directors investors board freelancers creators designers nurses drivers renters tenants ' +
    'employees staff volunteers athletes cyclists'
  ).split(' '),
);

/** Words that end a noun phrase: prepositions, verbs and glue. */
const BREAKERS = new Set(
  (
    'for about on of to that which who around promoting announcing introducing with targeting aimed at ahead before after during in into by from between ' +
    'inviting asking reminding encouraging welcoming thanking telling urging ' +
    'so and or but than as if while because using via per across should would could will can is are was be been being do does did ' +
    'grow increase boost drive get win reach reduce convert sell promote announce target split improve raise lift cut double stop start ' +
    'make keep need want help tell give show explain rank we you i they it me us them what which how why where when'
  ).split(' '),
);

/** Topics too general to talk about on their own ("our plan"). */
const GENERIC_TOPICS = /^(?:plan|strategy|approach|idea|proposal|campaign)$/i;

const DETERMINERS = /^(?:a|an|the|some|any|this|that|these|those|our|my|your|their|its|a few|a couple of|several|few|more)\s+/i;
const POSSESSIVE = /^(?:our|my|we|us)\b/i;
const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter';
const TIMEFRAME = new RegExp(String.raw`\b(?:(?:in|for|during|over|this|next|by|until) (?:${MONTHS})(?= |$)(?! (?:sale|launch|campaign|range|collection|menu|edition|issue|newsletter|event|workshops?|bake-off))|(?:for |in |during |over )?(?:the )?(?:next|this|last|coming|upcoming) (?:quarter|month|year|week|season|half|90 days|six months|12 months)|(?:in |for )?q[1-4](?: \d{4})?|(?:in |for )?(?:h[12])(?: \d{4})?|(?:in |for )?20\d\d)\b`, 'i');

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/^[\s"'“”‘’]+|[\s"'“”‘’]+$/g, '').trim();
}

/** Copy given to review: in quotes, or after a colon, or the lines under the first. */
function splitCopy(message: string): { instruction: string; copy: string | null } {
  const quoted = /["“]([^"”]{12,})["”]|(?:^|\s)'([^']{12,})'(?:\s|$|[.,!?])/.exec(message);
  if (quoted) {
    const copy = clean(quoted[1] ?? quoted[2] ?? '');
    if (copy.split(' ').length >= 3) return { instruction: clean(message.replace(quoted[0], ' ')), copy };
  }
  const lines = message.split(/\n+/).map(clean).filter(Boolean);
  if (lines.length > 1 && lines.slice(1).join(' ').split(' ').length >= 4) return { instruction: lines[0]!.replace(/[:\s]+$/, ''), copy: lines.slice(1).join('\n') };
  const colon = /^([^:]{6,120}):\s+(.{12,})$/s.exec(message.trim());
  if (colon && colon[2]!.split(/\s+/).length >= 4 && /\b(?:this|these|following|our|my|copy|text|headline|tagline|line|description|subject)\b/i.test(colon[1]!)) {
    return { instruction: clean(colon[1]!), copy: clean(colon[2]!) };
  }
  return { instruction: clean(message), copy: null };
}

function firstSentence(text: string): string {
  return (text.split(/(?<=[.!?])\s+/)[0] ?? text).replace(/[.!?]+$/, '').trim();
}

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

const lower = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}'’-]/gu, '');

/** Reads a noun phrase from the start of `tokens`: up to the first word that ends a phrase. */
function nounPhrase(tokens: string[], limit = 6): { phrase: string[]; rest: string[] } {
  const phrase: string[] = [];
  let index = 0;
  for (; index < tokens.length && phrase.length < limit; index += 1) {
    const raw = tokens[index]!;
    const word = lower(raw);
    if (!word || BREAKERS.has(word)) break;
    phrase.push(raw.replace(/[,;:.!?]+$/, ''));
    if (/[,;:.!?]$/.test(raw)) {
      index += 1;
      break;
    }
  }
  return { phrase, rest: tokens.slice(index) };
}

/** Drops leading determiners; remembers whether the phrase was "ours". */
function stripDeterminer(phrase: string): { bare: string; possessive: boolean; definite: boolean } {
  let bare = phrase.trim();
  let possessive = false;
  let definite = false;
  for (let round = 0; round < 3; round += 1) {
    const match = DETERMINERS.exec(bare);
    if (!match) break;
    if (POSSESSIVE.test(match[0])) possessive = true;
    if (/^(?:the|this|that|these|those)\b/i.test(match[0])) definite = true;
    bare = bare.slice(match[0].length);
  }
  return { bare: bare.replace(/['’]s$/, ''), possessive, definite };
}

function countOf(text: string): number | null {
  const match = /\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\b(?=[\s-]+(?:[a-z-]+\s+){0,2}(?:e-?mails?|concepts?|ideas?|headlines?|taglines?|subject lines?|options?|rules?|variants?|variations?|posts?|ads?|names?|keywords?|titles?|hooks?|angles?|priorities|decisions|messages?|parts?|steps?))/i.exec(text);
  if (!match) return null;
  const value = NUMBERS[match[1]!.toLowerCase()] ?? Number(match[1]);
  return Number.isFinite(value) && value > 0 ? Math.min(value, 12) : null;
}

/** Lower-cases the words of a phrase except names and codes (Q3, SaaS, Instagram). */
function naturalCase(phrase: string): string {
  return words(phrase)
    .map((word, index) => (/^[A-Z][a-z]+$/.test(word) && index === 0 && !/^(?:Instagram|Facebook|LinkedIn|TikTok|Google|YouTube|Pinterest|Black|Christmas|Easter|Mother's|Father's|Valentine's)$/.test(word) ? word.toLowerCase() : word))
    .join(' ');
}

function isDeliverable(phrase: string[]): boolean {
  return phrase.some((word) => DELIVERABLE_HEADS.has(lower(word)));
}

function isAudience(phrase: string): boolean {
  return words(phrase).some((word) => AUDIENCE_HEADS.has(lower(word)));
}

/** Fallback topic: the request's content words, at most three. */
function contentWords(text: string, skip: string | null = null): string {
  const stop = /^(?:a|an|the|and|or|for|of|to|in|on|our|my|your|we|us|me|i|you|what|which|how|why|should|would|could|can|is|are|be|do|does|with|about|this|that|it|its|please|write|draft|give|make|get|some|more|help|need|want|new|best|good)$/i;
  const skipped = new Set(words(skip ?? '').map(lower));
  const picked = words(text.replace(/[^\p{L}\p{N}\s'’-]/gu, ' ')).filter((word) => word.length > 2 && !stop.test(word) && !skipped.has(lower(word)) && !BREAKERS.has(lower(word)));
  return naturalCase(picked.slice(0, 3).join(' '));
}

/** "care" → "caring", "plan" → "planning", "write" → "writing". */
function gerund(verb: string): string {
  if (!verb) return '';
  if (/ie$/.test(verb)) return `${verb.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(verb) && verb !== 'be') return `${verb.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgmnpt]$/.test(verb)) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
}

/** At most `max` words of a phrase, cut before a trailing glue word. */
function shorten(phrase: string, max: number): string {
  const kept = words(phrase).slice(0, max);
  while (kept.length > 1 && /^(?:of|and|or|the|a|an|to|for|with|in|on)$/i.test(kept[kept.length - 1]!)) kept.pop();
  return kept.join(' ');
}

export function readRequest(message: string): RequestReading {
  const { instruction, copy } = splitCopy(message);
  let text = firstSentence(instruction.replace(/^#+\s*/, ''));
  for (let round = 0; round < 4; round += 1) text = text.replace(LEAD_IN, '');
  let task: TaskKind = QUESTION.test(text) ? 'question' : 'write';
  let instructed = task === 'question' || /\?\s*$/.test(instruction);
  for (const [pattern, kind] of TASK_VERBS) {
    const match = pattern.exec(text);
    if (match) {
      task = kind;
      instructed = true;
      text = text.slice(match[0].length).replace(/^\s*(?:me|us|up|out|on)\b\s*/i, '').trim();
      break;
    }
  }
  const timeMatch = TIMEFRAME.exec(text);
  const timeframe = timeMatch ? timeMatch[0].replace(/^(?:for|in|during|over)\s+/i, '').replace(/^the\s+/i, '').trim() : null;
  const withoutTime = timeMatch && !/^q[1-4]\b/i.test(timeframe ?? '') ? text.replace(timeMatch[0], ' ') : text;
  const count = countOf(text);
  let tokens = words(withoutTime.replace(/\b(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\b(?:-(?:e-?mail|part|step|day|week))?[\s-]+(?=\S)/i, (match) => (count ? '' : match)));

  let deliverable: string | null = null;
  let topicPhrase: string | null = null;
  let possessive = task === 'question';
  let definite = false;
  let audience: string | null = null;
  let purpose: string | null = null;
  let purposeObject: { bare: string; possessive: boolean; definite: boolean } | null = null;
  const setTopic = (bare: { bare: string; possessive: boolean; definite: boolean }) => {
    topicPhrase = bare.bare;
    possessive = bare.possessive;
    definite = bare.definite;
  };

  // In a question, the thing asked about is the first phrase the team owns ("our blog", "our budget").
  if (task === 'question') {
    const deliverableWord = tokens.find((word) => DELIVERABLE_HEADS.has(lower(word)) && !/^(?:budget|plan|strategy)$/i.test(lower(word)));
    if (deliverableWord) deliverable = lower(deliverableWord);
    const at = tokens.findIndex((word) => /^(?:our|my)$/i.test(lower(word)));
    if (at >= 0) tokens = tokens.slice(at);
    else {
      const thisAt = tokens.findIndex((word) => /^(?:this|the|a|an)$/i.test(lower(word)));
      const aboutAt = tokens.findIndex((word) => /^(?:about|on|for|in)$/i.test(lower(word)));
      if (thisAt >= 0 && copy) tokens = tokens.slice(thisAt);
      else if (aboutAt >= 0) tokens = tokens.slice(aboutAt);
      else {
        topicPhrase = contentWords(tokens.join(' '), deliverable);
        tokens = [];
      }
    }
  }

  const first = nounPhrase(tokens);
  const firstBare = stripDeterminer(first.phrase.join(' '));
  if (first.phrase.length > 0 && isDeliverable(first.phrase) && !firstBare.possessive && !(firstBare.definite && (task === 'question' || copy !== null)) && !['review', 'rewrite', 'summarise'].includes(task)) {
    deliverable = firstBare.bare.toLowerCase();
  } else if (first.phrase.length > 0) {
    setTopic(firstBare);
  }
  let rest = first.rest;
  // What follows the first phrase: "for …", "about …", "to grow …", "inviting trial users".
  for (let guard = 0; guard < 8 && rest.length > 0; guard += 1) {
    const glue = lower(rest[0]!);
    const after = rest.slice(1);
    if (glue === 'to' || glue === 'so') {
      const object = nounPhrase(after, 5);
      const objectText = object.phrase.join(' ');
      if (objectText && isAudience(objectText)) {
        // "talk about price rises to loyal customers": people, not a purpose.
        audience ??= stripDeterminer(objectText).bare;
        rest = object.rest;
        continue;
      }
      const verb = lower(after[0] ?? '');
      const target = nounPhrase(after.slice(1), 5);
      const targetText = target.phrase.join(' ');
      if (verb && !purpose) purpose = `${verb} ${targetText}`.trim();
      if (verb && !targetText) purposeObject ??= { bare: verb, possessive: false, definite: true };
      // "our plan to launch the loyalty programme": the plan is about the launch.
      if (targetText && /^(?:launch|roll out|introduce|open|release)$/.test(verb) && (!topicPhrase || GENERIC_TOPICS.test(topicPhrase))) {
        const launched = stripDeterminer(targetText);
        topicPhrase = `${launched.bare} launch`;
        possessive ||= launched.possessive;
      }
      if (targetText && /^(?:reach|target|win|attract|engage|convert|welcome|thank|invite)$/.test(verb) && isAudience(targetText)) audience ??= stripDeterminer(targetText).bare;
      else if (targetText) purposeObject ??= stripDeterminer(targetText);
      rest = target.rest;
      continue;
    }
    if (/^(?:inviting|asking|reminding|encouraging|welcoming|thanking|telling|urging|targeting)$/.test(glue)) {
      const people = nounPhrase(after, 5);
      if (people.phrase.length > 0) audience ??= stripDeterminer(people.phrase.join(' ')).bare;
      rest = people.rest;
      continue;
    }
    if (glue === 'about' && lower(after[0] ?? '') === 'how' && lower(after[1] ?? '') === 'to') {
      // "about how to care for houseplants" → "caring for houseplants".
      const verb = after[2] ?? '';
      const object = nounPhrase(after.slice(3).filter((word, index) => index > 0 || !/^(?:for|with)$/i.test(word) || true), 5);
      const preposition = /^(?:for|with|about)$/i.test(after[3] ?? '') ? `${lower(after[3]!)} ` : '';
      const objectWords = preposition ? nounPhrase(after.slice(4), 4).phrase : object.phrase;
      topicPhrase = `${gerund(lower(verb))} ${preposition}${objectWords.join(' ')}`.trim();
      possessive = false;
      definite = false;
      rest = [];
      continue;
    }
    if (/^(?:for|about|on|around|promoting|announcing|introducing|of|in|with|into)$/.test(glue)) {
      const phrase = nounPhrase(after, 6);
      const phraseText = phrase.phrase.join(' ');
      const bare = stripDeterminer(phraseText);
      const usable = phraseText && !/^\d/.test(bare.bare) && !/^(?:brand|tone|voice|it|them|this)$/i.test(bare.bare);
      if (usable && (glue === 'for' || glue === 'to') && isAudience(phraseText)) {
        if (!audience) audience = bare.bare;
      } else if (usable && glue === 'of' && audience && !topicPhrase) {
        setTopic(bare);
      } else if (usable && !topicPhrase && glue !== 'with' && glue !== 'into') {
        setTopic(bare);
      }
      rest = phrase.rest;
      continue;
    }
    rest = after;
  }

  let vague = false;
  if (!topicPhrase) {
    if (purposeObject) {
      setTopic(purposeObject);
    } else if (deliverable && words(deliverable).length > 1) {
      // The deliverable names the subject ("a re-engagement sequence"): talk about it.
      topicPhrase = deliverable;
    } else {
      topicPhrase = contentWords(copy ? instruction : text, deliverable) || contentWords(message, deliverable);
      vague = true;
    }
  }
  if (!topicPhrase) topicPhrase = 'this campaign';
  const topic = shorten(naturalCase(topicPhrase), 5) || 'this campaign';
  const lead = possessive ? ['your', 'our'] : definite ? ['the', 'the'] : ['', ''];
  const join = (determiner: string) => (determiner ? `${determiner} ${topic}` : topic);
  return {
    task,
    deliverable: deliverable ? shorten(deliverable, 4) : null,
    topic,
    yours: join(lead[0]!),
    ours: join(lead[1]!),
    audience: audience ? shorten(naturalCase(audience), 4) : null,
    purpose: purpose ? shorten(purpose.replace(/\b(?:our|my)\b/gi, 'your'), 6) : null,
    timeframe,
    count,
    copy,
    vague,
    instructed: instructed || copy !== null,
    place: placeOf(instruction),
    offering: offeringOf(instruction),
  };
}
