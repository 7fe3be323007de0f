/**
 * Sources of a reply (docs/agents.md "Sources"). Every passage an answer was given is numbered
 * [1]…[n] in the order the answer saw them; the answer cites one with its number in square
 * brackets. The reply's `citations` list, recorded when the reply is stored, says which document
 * and which passage of it each number is, and whether the text cites it. Shared by the server
 * (which numbers and records) and the client (which links the markers and lists the sources).
 */
import { z } from 'zod';
import { wireId } from './wire';

export interface CitationDto {
  /** The marker number, [n] in the reply. */
  n: number;
  document_id: string;
  /** The document's name when the reply was written (shown even after the document is deleted). */
  filename: string;
  /** Which passage of the document (0-based, kb_passages.ordinal): the preview opens there. */
  passage: number;
  /** The start of the passage, for the sources list and for reading offline. */
  excerpt: string;
  /** The reply's text carries [n]; passages given but not cited are listed as "also consulted". */
  cited: boolean;
}

export const citationSchema = z.object({
  n: z.number().int().min(1),
  document_id: wireId,
  filename: z.string(),
  passage: z.number().int().min(0),
  excerpt: z.string(),
  cited: z.boolean(),
}) satisfies z.ZodType<CitationDto>;

/** Characters of a passage kept with a citation: a sentence or two, enough to recognise it. */
export const CITATION_EXCERPT_CHARS = 280;

/**
 * `[3]`, `[1, 4]`, `[2,5]`, `[1][2]` — not a Markdown link's text (`[3](…)`) nor a reference (`[3]:`).
 * Numbers of one or two digits only (k is at most 15 per source kind).
 */
export const CITATION_MARKER = /\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\](?![(:])/g;

/** The numbers a text cites, in order of first appearance. */
export function citedNumbers(text: string): number[] {
  const seen = new Set<number>();
  for (const match of text.matchAll(CITATION_MARKER)) {
    for (const part of match[1]!.split(',')) seen.add(Number(part.trim()));
  }
  return [...seen];
}

/** A passage as given to an answer, before its citation is recorded. */
export interface NumberedSource {
  n: number;
  document_id: string;
  filename: string;
  passage: number;
  text: string;
}

/** The excerpt kept with a citation: the passage's start, cut at a word, whitespace folded. */
export function citationExcerpt(passage: string): string {
  const folded = passage.replace(/\s+/g, ' ').trim();
  if (folded.length <= CITATION_EXCERPT_CHARS) return folded;
  const cut = folded.lastIndexOf(' ', CITATION_EXCERPT_CHARS);
  return `${folded.slice(0, cut > CITATION_EXCERPT_CHARS / 2 ? cut : CITATION_EXCERPT_CHARS)}…`;
}

/** The citations of a reply: every source it was given, marked cited when its number is in the text. */
export function citationsFor(text: string, sources: readonly NumberedSource[]): CitationDto[] {
  const cited = new Set(citedNumbers(text));
  return sources.map((source) => ({
    n: source.n,
    document_id: source.document_id,
    filename: source.filename,
    passage: source.passage,
    excerpt: citationExcerpt(source.text),
    cited: cited.has(source.n),
  }));
}
