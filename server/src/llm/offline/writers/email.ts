/** The Email agent's offline writing: the goal, then a draft with subject line, preheader, body and call to action. */
import { BENEFIT_LINES, EMAIL_CHECKS, EMAIL_KINDS, EMAIL_VOICE_PRACTICE, LAST_CALL, SIGN_OFFS, type EmailKind } from '../phrases/email';
import { capitalise, clip } from '../text';
import type { WritingKit } from '../writing-kit';
import { citedFact, type AgentWriter } from './shared';

const KIND_ORDER: EmailKind[] = ['welcome', 'winback', 'reminder', 'upgrade', 'event', 'launch', 'newsletter', 'general'];

export function emailKind(kit: WritingKit): EmailKind {
  const reading = kit.reading;
  const about = `${reading.deliverable ?? ''} ${reading.topic} ${reading.purpose ?? ''} ${reading.audience ?? ''}`;
  // What was asked for decides first ("a newsletter about our workshops" is a newsletter).
  const named = KIND_ORDER.find((kind) => kind !== 'general' && EMAIL_KINDS[kind].match.test(reading.deliverable ?? ''));
  return named ?? KIND_ORDER.find((kind) => EMAIL_KINDS[kind].match.test(about)) ?? 'general';
}

function isSequence(kit: WritingKit): boolean {
  return (kit.reading.count ?? 1) > 1 || /\b(?:sequence|series|drip|nurture|flow)\b/i.test(kit.reading.deliverable ?? '');
}

/** One email: subject line, alternatives, preheader, body and call to action; `nth` makes each of a sequence differ. */
function oneEmail(kit: WritingKit, kind: EmailKind, nth: number, last: boolean): string {
  const phrases = EMAIL_KINDS[kind];
  const choose = (bank: readonly string[], salt: string, offset = 0) => {
    const all = kit.pickSome(bank, bank.length, salt);
    return all[(nth + offset) % all.length]!;
  };
  const subjects = last ? LAST_CALL.subjects : phrases.subjects;
  const [subject, ...others] = [0, 1, 2].map((offset) => clip(capitalise(choose(subjects, 'subject', offset * (nth + 1) + offset)), 60));
  const fact = citedFact(kit, nth, 260);
  return [
    `**Subject line:** ${subject}  \n**Alternatives:** ${[...new Set(others)].filter((line) => line !== subject).join(' · ')}  \n**Preheader:** ${choose(phrases.preheaders, 'preheader')}`,
    '**Body**',
    'Hi {first name},',
    capitalise(choose(phrases.openings, 'opening')),
    fact ? capitalise(fact) : choose(BENEFIT_LINES, 'benefit'),
    choose(phrases.closings, 'closing'),
    `**Call to action:** [${choose(last ? LAST_CALL.ctas : phrases.ctas, 'cta')}]`,
    choose(SIGN_OFFS, 'signoff'),
  ].join('\n\n');
}

/** A sequence: each email has its own job; the last one always asks for the decision. */
const SEQUENCE_STEPS: readonly string[] = ['Open the conversation', 'Show the proof', 'Answer the doubts', 'Make it easy'];

export const emailWriter: AgentWriter = {
  audienceFallback: 'subscribers',
  summary(kit) {
    const kind = emailKind(kit);
    const goal = kit.pick(EMAIL_KINDS[kind].goal, 'goal');
    const who = kit.reading.audience ? capitalise(kit.reading.audience) : 'Everyone on the list who has opened in the last 90 days';
    const when = kit.reading.timeframe ? ` Send it ${/^(?:next|this)/.test(kit.reading.timeframe) ? '' : 'in '}${kit.reading.timeframe}, early in the week.` : '';
    const count = isSequence(kit) ? `\n- **Shape:** ${Math.max(kit.reading.count ?? 3, 2)} emails, a few days apart, each with one job.` : '';
    return `- **Goal:** ${goal}\n- **Audience:** ${who}.${when}${count}\n- **Success looks like:** ${kit.pick(['clicks on the call to action, not just opens', 'a higher click rate than your last send to this group', 'replies and clicks in the first 48 hours'], 'success')}.`;
  },
  draft(kit) {
    const kind = emailKind(kit);
    if (!isSequence(kit)) return oneEmail(kit, kind, 0, false);
    const count = Math.min(Math.max(kit.reading.count ?? 3, 2), SEQUENCE_STEPS.length + 1);
    const steps = [...SEQUENCE_STEPS.slice(0, count - 1), 'Last call'];
    return steps.map((label, index) => `#### Email ${index + 1}: ${label}\n\n${oneEmail(kit, kind, index, index === steps.length - 1)}`).join('\n\n');
  },
  voicePractice: EMAIL_VOICE_PRACTICE,
  leadingActions: (kit) => kit.pickSome(EMAIL_CHECKS, 2, 'checks'),
};
