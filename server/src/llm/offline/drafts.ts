/** The worked "draft" section of each agent, built from the request and the retrieved material. */
import type { AgentSlug } from '../../agents/types';
import { capitalise, clip, keywords, rotate } from './text';

export interface DraftMaterial {
  slug: AgentSlug;
  message: string;
  /** Content words of the request, most relevant first. */
  topics: string[];
  /** The best supporting sentences from the documents (may be empty). */
  facts: string[];
  variant: number;
}

/** Plain-language substitutions a brand editor applies first (deterministic rewrite rules). */
export const PLAIN_WORDS: [RegExp, string][] = [
  [/\butili[sz]e\b/gi, 'use'],
  [/\bleverage\b/gi, 'use'],
  [/\bin order to\b/gi, 'to'],
  [/\bsynerg(y|ies)\b/gi, 'teamwork'],
  [/\bbest[- ]in[- ]class\b/gi, 'proven'],
  [/\bworld[- ]class\b/gi, 'excellent'],
  [/\bcutting[- ]edge\b/gi, 'modern'],
  [/\bat this point in time\b/gi, 'now'],
  [/\b(very|really|extremely|basically|actually|just)\s+/gi, ''],
];

export function rewritePlainly(text: string): string {
  let result = text.trim();
  for (const [pattern, replacement] of PLAIN_WORDS) result = result.replace(pattern, replacement);
  return result.replace(/\s{2,}/g, ' ').replace(/\s+([,.!?])/g, '$1');
}

function topicPhrase(topics: string[], fallback: string): string {
  return topics.length > 0 ? topics.slice(0, 3).join(' ') : fallback;
}

export function buildDraft(material: DraftMaterial): string {
  const { slug, message, facts, variant } = material;
  const topics = rotate(material.topics, variant);
  const subject = topicPhrase(topics, 'your update');
  const fact = facts[0] ?? '';
  const proof = facts[1] ?? fact;
  switch (slug) {
    case 'email': {
      const lines = [
        `1. ${clip(capitalise(subject), 48)}: what's new for you`,
        `2. ${clip(`Your guide to ${subject}`, 48)}`,
        `3. ${clip(`Quick question about ${subject}`, 48)}`,
      ];
      return [
        '**Subject lines** (under 50 characters)',
        ...lines,
        '',
        `**Preview text:** ${clip(fact || `Everything you need to know about ${subject}.`, 90)}`,
        '',
        '**Body**',
        '',
        'Hi {first name},',
        '',
        fact ? clip(fact, 280) : `Here is a short update on ${subject}.`,
        proof && proof !== fact ? `\n${clip(proof, 220)}` : '',
        '',
        `**[Read more about ${clip(subject, 40)}]**`,
        '',
        'Thanks,  ',
        'The team',
      ]
        .filter((line) => line !== '')
        .join('\n');
    }
    case 'creative': {
      const angles = rotate(['The everyday win', 'The bold promise', 'The customer story'], variant);
      return angles
        .map((angle, index) => {
          const topic = topics[index] ?? topics[0] ?? 'your brand';
          const support = facts[index] ?? fact;
          return `**Concept ${index + 1}: ${angle}**\n- Headline: "${clip(capitalise(`${topic} made simple`), 60)}"\n- Copy: ${clip(support || `Show how ${topic} changes one ordinary day for your customer.`, 160)}`;
        })
        .join('\n\n');
    }
    case 'seo': {
      const primary = topics[0] ?? 'your topic';
      const related = topics.slice(1, 6);
      const title = clip(capitalise(`${subject}: a practical guide`), 60);
      const description = clip(fact || `Learn about ${subject}: what it is, why it matters and how to get started.`, 155);
      return [
        `- **Primary keyword:** ${primary}`,
        `- **Related keywords:** ${related.length > 0 ? related.join(', ') : 'add the phrases your customers use'}`,
        `- **Title tag** (${title.length} characters): ${title}`,
        `- **Meta description** (${description.length} characters): ${description}`,
        `- **H1:** ${capitalise(subject)}`,
      ].join('\n');
    }
    case 'brand-voice': {
      const rewritten = rewritePlainly(message);
      return rewritten === message.trim()
        ? `${rewritten}\n\n_No plain-language changes were needed at word level; check the rules above for tone._`
        : rewritten;
    }
    default: {
      const words = keywords(message, 3);
      return `- ${capitalise(topicPhrase(words, 'The request'))}: ${clip(fact || 'no supporting document found yet', 200)}`;
    }
  }
}
