/**
 * The reply renderer (Markdown.tsx: react-markdown, remark-gfm, rehype-sanitize, ~35 KB gzip) is
 * downloaded when the first reply is shown, not with the chat screen, so opening a chat stays
 * within the lazy-route budget (docs/performance.md). Until the code is in (a few milliseconds
 * from the service worker's cache) the reply shows as plain text, so nothing is hidden; if the
 * download fails (offline before the worker cached it) the plain text simply stays.
 */
import { useEffect, useState } from 'react';
import { describeError, logger } from '../../../lib/logger';
import type { Markdown as MarkdownComponent, MarkdownProps } from './Markdown';

let loaded: typeof MarkdownComponent | null = null;
let pending: Promise<void> | null = null;

/** Starts (or joins) the download of the Markdown renderer. */
export function preloadMarkdown(): Promise<void> {
  pending ??= import('./Markdown').then(
    (module) => {
      loaded = module.Markdown;
    },
    (error: unknown) => {
      pending = null; // a later reply may try again, e.g. once back online
      throw error;
    },
  );
  return pending;
}

export function LazyMarkdown({ text, citationNumbers, renderCitation }: MarkdownProps) {
  const [, setReady] = useState(loaded !== null);
  useEffect(() => {
    if (loaded) return undefined;
    let mounted = true;
    preloadMarkdown().then(
      () => mounted && setReady(true),
      (error: unknown) => logger.warn('Could not load the reply formatter', { error: describeError(error) }),
    );
    return () => {
      mounted = false;
    };
  }, []);
  if (!loaded) {
    return (
      <div className="markdown-body" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </div>
    );
  }
  const Markdown = loaded;
  return <Markdown text={text} citationNumbers={citationNumbers} renderCitation={renderCitation} />;
}
