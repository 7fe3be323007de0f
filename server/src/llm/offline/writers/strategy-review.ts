/** The Strategy Review agent's offline writing: the goal restated, strengths, gaps and risks, decisions. */
import { DECISIONS, GAPS, GENERAL_STRENGTHS, GROUNDED_STRENGTHS, JUDGEMENTS, RISKS, STRATEGY_PRACTICE } from '../phrases/strategy-review';
import { capitalise } from '../text';
import { bullets, citedFact, numbered, type AgentWriter } from './shared';

export const strategyReviewWriter: AgentWriter = {
  audienceFallback: 'your best-fit customers',
  summary(kit) {
    const goal = kit.reading.purpose ? capitalise(kit.fill('{purpose}')) : kit.fill('Make {yours} deliver a measurable result');
    const when = kit.reading.timeframe ? ` (${kit.reading.timeframe})` : '';
    const audience = kit.reading.audience ? capitalise(kit.reading.audience) : 'Not named yet: the first decision below';
    return `- **Goal:** ${goal}${when}.\n- **Audience:** ${audience}.\n\n${kit.pick(JUDGEMENTS, 'judgement')}`;
  },
  assessment(kit) {
    const facts = [0, 1].map((index) => citedFact(kit, index, 200)).filter((fact): fact is string => fact !== null);
    const strengths = facts.length > 0 ? `${kit.pick(GROUNDED_STRENGTHS, 'grounded')}\n\n${bullets(facts)}` : bullets(kit.pickSome(GENERAL_STRENGTHS, 2, 'strengths'));
    return [
      `**Strengths**\n\n${strengths}`,
      `**Gaps**\n\n${bullets(kit.pickSome(GAPS, 3, 'gaps'))}`,
      `**Risks, highest impact first**\n\n${numbered(kit.pickSome(RISKS, 3, 'risks').sort((a, b) => Number(b.includes('(high')) - Number(a.includes('(high'))))}`,
    ].join('\n\n');
  },
  voicePractice: STRATEGY_PRACTICE,
  leadingActions: (kit) => kit.pickSome(DECISIONS, 3, 'decisions'),
};
