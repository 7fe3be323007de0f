/** What the agents' offline writers share: the writer's shape and the use of facts in prose. */
import type { WritingKit } from '../writing-kit';
import { clip } from '../text';

export interface AgentWriter {
  /** Who the reply speaks of when the request names no one. */
  audienceFallback: string;
  summary(kit: WritingKit): string;
  draft?(kit: WritingKit): string;
  assessment?(kit: WritingKit): string;
  options?(kit: WritingKit): string;
  outline?(kit: WritingKit): string;
  /** Good practice the voice section gives when no brand voice is set (empty: the section is left out). */
  voicePractice: readonly string[];
  /** Next steps for this request, before the agent's own checklist. */
  leadingActions?(kit: WritingKit): string[];
}

/** A fact of the documents with its citation, or null when there are fewer facts. */
export function citedFact(kit: WritingKit, index: number, max = 240): string | null {
  const fact = kit.facts[index];
  return fact ? `${clip(fact.text, max)} [${fact.n}]` : null;
}

/** A fact as a sentence that can stand in the reply's own prose. */
export function factSentence(kit: WritingKit, index: number, max = 240): string | null {
  const fact = citedFact(kit, index, max);
  return fact ? fact.replace(/^[a-z]/, (letter) => letter.toUpperCase()) : null;
}

export function bullets(lines: readonly string[]): string {
  return lines.map((line) => `- ${line}`).join('\n');
}

export function numbered(lines: readonly string[]): string {
  return lines.map((line, index) => `${index + 1}. ${line}`).join('\n');
}
