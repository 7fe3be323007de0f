/** A reply's Markdown with its citation markers drawn as source chips (CitationMarker). */
import { useCallback, useMemo } from 'react';
import type { CitationDto } from '../../../contract/citations';
import { LazyMarkdown } from '../../../ui/markdown/LazyMarkdown';
import { CitationMarker } from './CitationMarker';

export function ReplyText({ text, citations }: { text: string; citations: readonly CitationDto[] | undefined }) {
  // Compared by value: a live query hands over new row objects on every database change, and a new
  // array each time would remount every marker (a marker being clicked would vanish under the pointer).
  const citationsKey = JSON.stringify(citations ?? []);
  const byNumber = useMemo(
    () => new Map((JSON.parse(citationsKey) as CitationDto[]).map((citation) => [citation.n, citation])),
    [citationsKey],
  );
  const numbers = useMemo(() => [...byNumber.keys()], [byNumber]);
  const renderCitation = useCallback(
    (n: number) => {
      const citation = byNumber.get(n);
      return citation ? <CitationMarker citation={citation} /> : `[${n}]`;
    },
    [byNumber],
  );
  if (numbers.length === 0) return <LazyMarkdown text={text} />;
  return <LazyMarkdown text={text} citationNumbers={numbers} renderCitation={renderCitation} />;
}
