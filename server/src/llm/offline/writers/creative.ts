/** The Creative agent's offline writing: a named insight, then distinct concepts with headline and body copy. */
import { ANGLES, CREATIVE_GUARDRAILS, CREATIVE_TESTS, INSIGHTS } from '../phrases/creative';
import { clip } from '../text';
import { stableHash } from '../writing-kit';
import { citedFact, type AgentWriter } from './shared';

export const creativeWriter: AgentWriter = {
  audienceFallback: 'customers',
  summary(kit) {
    const fact = citedFact(kit, 0, 200);
    return `${kit.pick(INSIGHTS, 'insight')}${fact ? `\n\nThe fact to build on: ${fact}` : ''}`;
  },
  draft(kit) {
    const count = Math.min(Math.max(kit.reading.count ?? 3, 2), 5);
    const start = (stableHash(kit.reading.topic) + kit.variant * 2) % ANGLES.length;
    const angles = Array.from({ length: count }, (_, index) => ANGLES[(start + index) % ANGLES.length]!);
    // The line each concept leads with is named as what was asked for.
    const asked = kit.reading.deliverable ?? '';
    const label = /tagline|slogan/.test(asked) ? 'Tagline' : /post|caption/.test(asked) ? 'Post opener' : 'Headline';
    return angles
      .map((angle, index) => {
        const headline = kit.pick(angle.headlines, `headline${index}`);
        const fact = citedFact(kit, index + 1, 160);
        const body = kit.pick(angle.bodies, `body${index}`);
        return [
          `**Concept ${index + 1}: ${angle.name}**`,
          `- ${label}: "${clip(headline, 60)}"`,
          `- Body copy: ${body}${fact ? ` Proof point: ${fact}` : ''}`,
          `- Where it runs: ${angle.where}`,
        ].join('\n');
      })
      .join('\n\n');
  },
  voicePractice: CREATIVE_GUARDRAILS,
  leadingActions: (kit) => kit.pickSome(CREATIVE_TESTS, 2, 'tests'),
};
