/**
 * A chat's title as the offline engine names it: short and natural, from the reading of the first
 * message ("Write a welcome email for new subscribers of our coffee subscription" → "Welcome email
 * for coffee subscribers"). Whole words, never cut with dots; the client shortens it on screen.
 */
import { readRequest, type RequestReading } from './request-reading';
import { capitalise } from './text';

/** Titles longer than this lose their least important part (the audience, then the deliverable). */
const TITLE_WORDS = 8;

const TASK_NOUNS: Record<RequestReading['task'], string | null> = {
  write: null,
  review: 'review',
  rewrite: 'rewrite',
  ideas: 'ideas',
  plan: 'plan',
  question: null,
  summarise: 'summary',
};

/** "new subscribers" of "coffee subscription" → "coffee subscribers". */
function audienceOfTopic(reading: RequestReading): string | null {
  if (!reading.audience) return null;
  const head = reading.audience.split(' ').at(-1)!;
  const modifiers = reading.topic.split(' ').slice(0, -1);
  return modifiers.length > 0 && modifiers.length <= 2 && !reading.vague ? `${modifiers.join(' ')} ${head}` : reading.audience;
}

export function titleFromReading(reading: RequestReading): string {
  const topicIsDeliverable = reading.deliverable !== null && reading.topic.toLowerCase() === reading.deliverable;
  const named = reading.deliverable && (topicIsDeliverable ? reading.audience : !reading.topic.toLowerCase().includes(reading.deliverable));
  const deliverable = named ? reading.deliverable!.replace(/^seo\b/, 'SEO') : null;
  const forWhom = topicIsDeliverable ? reading.audience : audienceOfTopic(reading);
  let title: string;
  if (deliverable && forWhom) title = `${deliverable} for ${forWhom}`;
  else if (deliverable) title = `${deliverable} ${/^\w+ing (?:for|to|with|about|your|the|a)\b/.test(reading.topic) ? 'on' : 'for'} ${reading.ours.replace(/^our /, '')}`;
  else if (TASK_NOUNS[reading.task]) title = `${reading.topic} ${TASK_NOUNS[reading.task]}`;
  else title = reading.timeframe && !reading.topic.includes(reading.timeframe) ? `${reading.topic} ${reading.timeframe}` : reading.topic;
  if (!deliverable && reading.purpose && title.split(' ').length <= 3 && reading.task === 'review') title = `${title} to ${reading.purpose.replace(/\byour\b/g, 'the')}`;
  const words = title.split(/\s+/);
  return capitalise((words.length > TITLE_WORDS ? words.slice(0, TITLE_WORDS) : words).join(' ').replace(/\s+(?:for|to|of|the|and)$/i, ''));
}

export function offlineTitle(firstMessage: string): string {
  return titleFromReading(readRequest(firstMessage));
}
