import { Cross2Icon, MagnifyingGlassIcon } from '@radix-ui/react-icons';
import { Badge, Button, Card, Flex, IconButton, Spinner, Text, TextField } from '@radix-ui/themes';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { KnowledgeContext } from '../../../contract/knowledge';
import { FileTypeIcon } from './FileTypeIcon';
import { HighlightedText } from './HighlightedText';
import { formatCount } from '../../../contract/format';

interface SearchPanelProps {
  results: readonly KnowledgeContext[] | null;
  loading: boolean;
  error: string | null;
  lastQuery: string;
  canSearch: boolean;
  onSearch(query: string): void;
  onClear(): void;
  /** Opens the document at the passage (the preview). */
  onOpen?(result: KnowledgeContext): void;
}

/**
 * Brings the results' count to the top of the window when it sits above it or in the window's lower
 * half (where the results under it would be out of sight), gently unless motion is reduced.
 */
function revealIfHidden(element: HTMLElement): void {
  const { top } = element.getBoundingClientRect();
  if (top >= 0 && top < window.innerHeight / 2) return;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  element.scrollIntoView?.({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
}

/**
 * Search the space's documents; each result is a passage with its document and the matched words.
 * A finished search brings its results into view (the panel may sit below the fold on a phone) and
 * announces their count politely; focus stays in the search box, to refine the words.
 */
export function SearchPanel({ results, loading, error, lastQuery, canSearch, onSearch, onClear, onOpen }: SearchPanelProps) {
  const [query, setQuery] = useState(lastQuery);
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (results && summary.current) revealIfHidden(summary.current);
  }, [results]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim()) onSearch(query);
  };
  const documentCount = new Set(results?.map((result) => result.document_id)).size;

  return (
    <section className="kb-search" aria-label="Search documents">
      <form onSubmit={submit} role="search">
        <Flex gap="2">
          <TextField.Root
            className="kb-search__input"
            type="search"
            size="3"
            placeholder="Search documents"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-label="Search documents"
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
            {query ? (
              <TextField.Slot>
                <IconButton
                  type="button"
                  size="1"
                  variant="ghost"
                  color="gray"
                  aria-label="Clear search"
                  onClick={() => {
                    setQuery('');
                    onClear();
                  }}
                >
                  <Cross2Icon />
                </IconButton>
              </TextField.Slot>
            ) : null}
          </TextField.Root>
          <Button type="submit" size="3" disabled={!canSearch || !query.trim()} loading={loading}>
            Search
          </Button>
        </Flex>
      </form>
      {!canSearch ? (
        <Text as="p" size="1" color="gray" mt="2">
          Search needs a connection; your saved document list is still available below.
        </Text>
      ) : null}
      {error ? (
        <Text as="p" size="2" color="red" mt="3" role="alert">
          {error}
        </Text>
      ) : null}
      {loading && !results ? (
        <Flex align="center" gap="2" mt="3">
          <Spinner /> <Text size="2">Searching…</Text>
        </Flex>
      ) : null}
      {/* Always in the page, so a screen reader hears each new count (a live region added with its text is often missed). */}
      <div role="status" className="kb-search__summary" ref={summary}>
        {results ? (
          <Text as="p" size="2" color="gray" mt="4">
            {results.length === 0
              ? `No passages match “${lastQuery}”. Try other words, or check that the documents have finished processing.`
              : `${formatCount(results.length, 'passage')} from ${formatCount(documentCount, 'document')} for “${lastQuery}”`}
          </Text>
        ) : null}
      </div>
      {results ? (
        <Flex direction="column" gap="3" mt="3" data-testid="search-results">
          {results.map((result, index) => (
            <Card key={`${result.document_id}-${index}`} className="kb-result" data-testid="search-result">
              <Flex align="center" gap="2" mb="2">
                <FileTypeIcon filename={result.filename} />
                <Text size="2" weight="medium" className="kb-ellipsis">
                  {result.filename}
                </Text>
                {index === 0 ? (
                  // Scores are only comparable within one search: the raw figure means nothing to a reader.
                  <Badge color="green" variant="soft" ml="auto">
                    Best match
                  </Badge>
                ) : null}
              </Flex>
              <Text as="p" size="2" className="kb-result__passage">
                <HighlightedText text={result.passage} terms={result.highlights} />
              </Text>
              {onOpen ? (
                <Button size="1" variant="ghost" mt="2" onClick={() => onOpen(result)} aria-label={`Open at this passage: ${result.filename}`}>
                  Open at this passage
                </Button>
              ) : null}
            </Card>
          ))}
        </Flex>
      ) : null}
    </section>
  );
}
