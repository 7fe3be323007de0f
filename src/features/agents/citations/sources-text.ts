/** A reply's sources written out, for copying and exporting it (docs/agents.md "Sources"). */
import type { CitationDto } from '../../../contract/citations';

/** The cited sources, by number: what a reader of the copied text needs to follow [n]. */
export function citedSources(citations: readonly CitationDto[] | undefined): CitationDto[] {
  return [...(citations ?? [])].filter((citation) => citation.cited).sort((a, b) => a.n - b.n);
}

const where = (citation: CitationDto) => `${citation.filename}, passage ${citation.passage + 1}`;

/** "Sources" and one line per cited passage, as Markdown or as plain text; '' when nothing is cited. */
export function sourcesSection(citations: readonly CitationDto[] | undefined, format: 'markdown' | 'text'): string {
  const cited = citedSources(citations);
  if (cited.length === 0) return '';
  const lines = cited.map((citation) =>
    format === 'markdown' ? `- [${citation.n}] ${where(citation)}: “${citation.excerpt}”` : `[${citation.n}] ${where(citation)}: “${citation.excerpt}”`,
  );
  return format === 'markdown' ? `\n\n**Sources**\n\n${lines.join('\n')}` : `\n\nSources\n${lines.join('\n')}`;
}
