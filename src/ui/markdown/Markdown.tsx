/**
 * Renders an agent's reply. Model output is untrusted: raw HTML is never parsed (react-markdown
 * ignores it), and rehype-sanitize applies GitHub's allow-list on top, so no script, no event
 * handler and no javascript: or data: link can reach the page. Links open in a new tab without
 * handing it this window (noopener, noreferrer).
 */
import { memo, useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { CITE_HREF_PREFIX, remarkCitations } from './remark-citations';

const SAFE_PROTOCOL = /^(https?:|mailto:)/i;

/** Only web and mail links survive; anything else (javascript:, data:, vbscript:) is dropped. */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  const trimmed = href.trim();
  if (trimmed.startsWith('#') || trimmed.startsWith('/')) return trimmed;
  return SAFE_PROTOCOL.test(trimmed) ? trimmed : undefined;
}

function SafeLink({ href, children }: { href?: string; children?: ReactNode }) {
  const safe = safeHref(href);
  if (!safe) return <span className="md-link-removed">{children}</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

const components: Components = {
  a: SafeLink,
  // Images from model output could track readers or load anything: show the alt text instead.
  img: ({ alt }) => <span className="md-image-removed">[image: {alt || 'not shown'}]</span>,
  table: ({ children }) => (
    <div className="md-table-scroll">
      <table>{children}</table>
    </div>
  ),
};

export interface MarkdownProps {
  text: string;
  /** The reply's citation numbers: their [n] markers are drawn by `renderCitation` (source chips). */
  citationNumbers?: readonly number[];
  renderCitation?: (n: number) => ReactNode;
}

export const Markdown = memo(function Markdown({ text, citationNumbers, renderCitation }: MarkdownProps) {
  // The numbers are compared by value (a new array with the same numbers keeps the plugins).
  const key = citationNumbers?.join(',') ?? '';
  const drawsCitations = Boolean(renderCitation);
  const remarkPlugins = useMemo(() => (key && drawsCitations ? [remarkGfm, remarkCitations(key.split(',').map(Number))] : [remarkGfm]), [key, drawsCitations]);
  const withCitations = useMemo<Components>(
    () =>
      renderCitation
        ? {
            ...components,
            a: ({ href, children }) =>
              href?.startsWith(CITE_HREF_PREFIX) ? renderCitation(Number(href.slice(CITE_HREF_PREFIX.length))) : <SafeLink href={href}>{children}</SafeLink>,
          }
        : components,
    [renderCitation],
  );
  return (
    <div className="markdown-body">
      <ReactMarkdown remarkPlugins={remarkPlugins} rehypePlugins={[rehypeSanitize]} components={withCitations} urlTransform={(url) => safeHref(url) ?? ''}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
