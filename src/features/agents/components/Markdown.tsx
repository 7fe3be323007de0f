/**
 * Renders an agent's reply. Model output is untrusted: raw HTML is never parsed (react-markdown
 * ignores it), and rehype-sanitize applies GitHub's allow-list on top, so no script, no event
 * handler and no javascript: or data: link can reach the page. Links open in a new tab without
 * handing it this window (noopener, noreferrer).
 */
import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';

const SAFE_PROTOCOL = /^(https?:|mailto:)/i;

/** Only web and mail links survive; anything else (javascript:, data:, vbscript:) is dropped. */
export function safeHref(href: string | undefined): string | undefined {
  if (!href) return undefined;
  const trimmed = href.trim();
  if (trimmed.startsWith('#') || trimmed.startsWith('/')) return trimmed;
  return SAFE_PROTOCOL.test(trimmed) ? trimmed : undefined;
}

const components: Components = {
  a: ({ href, children }) => {
    const safe = safeHref(href);
    if (!safe) return <span className="md-link-removed">{children}</span>;
    return (
      <a href={safe} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  },
  // Images from model output could track readers or load anything: show the alt text instead.
  img: ({ alt }) => <span className="md-image-removed">[image: {alt || 'not shown'}]</span>,
  table: ({ children }) => (
    <div className="md-table-scroll">
      <table>{children}</table>
    </div>
  ),
};

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown-body">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={components} urlTransform={(url) => safeHref(url) ?? ''}>
        {text}
      </ReactMarkdown>
    </div>
  );
});
