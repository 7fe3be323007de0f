/**
 * The sources under a reply (docs/agents.md "Sources"): each cited passage with its number, its
 * document and the words it starts with; a click opens the document at that passage. Passages the
 * answer was given but did not cite are listed, folded, as "Also consulted", so a reader can see
 * everything the agent read.
 */
import { Text } from '@radix-ui/themes';
import type { CitationDto } from '../../../contract/citations';
import { previewHref } from '../../knowledge/preview/preview-params';
import { FileTextIcon } from '@radix-ui/react-icons';
import { useOpenCitation } from './CitationMarker';
import { citedSources } from './sources-text';

function SourceItem({ citation }: { citation: CitationDto }) {
  const onClick = useOpenCitation(citation);
  return (
    <li>
      <a
        className="reply-source"
        href={previewHref({ documentId: citation.document_id, passage: citation.passage })}
        onClick={onClick}
        data-testid="reply-source"
      >
        {/* The link's name is its visible text, so speech and voice control use the words on screen. */}
        <span className="reply-source__n">
          <span className="visually-hidden">Source </span>
          {citation.n}
          <span className="visually-hidden">: </span>
        </span>
        <span className="reply-source__body">
          <span className="reply-source__name">
            <FileTextIcon aria-hidden="true" className="reply-source__icon" />
            <span className="reply-source__file">{citation.filename}</span>
            <span className="visually-hidden">, </span>
            <span className="reply-source__where">passage {citation.passage + 1}</span>
            <span className="visually-hidden">: </span>
          </span>
          <span className="reply-source__excerpt">{citation.excerpt}</span>
        </span>
      </a>
    </li>
  );
}

export function ReplySources({ citations }: { citations: readonly CitationDto[] | undefined }) {
  const cited = citedSources(citations);
  const consulted = [...(citations ?? [])].filter((citation) => !citation.cited).sort((a, b) => a.n - b.n);
  if (cited.length === 0 && consulted.length === 0) return null;
  return (
    <section className="reply-sources" aria-label="Sources">
      {cited.length > 0 ? (
        <>
          <Text as="p" size="1" weight="bold" color="gray" className="reply-sources__title">
            Sources
          </Text>
          <ol className="reply-sources__list">
            {cited.map((citation) => (
              <SourceItem key={citation.n} citation={citation} />
            ))}
          </ol>
        </>
      ) : null}
      {consulted.length > 0 ? (
        <details className="reply-sources__more">
          <summary>
            <Text size="1" color="gray">
              {cited.length > 0 ? 'Also consulted' : 'Passages consulted'} ({consulted.length})
            </Text>
          </summary>
          <ol className="reply-sources__list">
            {consulted.map((citation) => (
              <SourceItem key={citation.n} citation={citation} />
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}
