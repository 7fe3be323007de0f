/**
 * The reply renderer (Markdown.tsx: react-markdown, remark-gfm, rehype-sanitize, ~35 KB gzip) is
 * downloaded apart from the screens, so opening a chat stays within the lazy-route budget
 * (docs/performance.md). The screens that show replies start the download as they open (the agent's
 * start page, the chat, Agent Mode), so it is normally in before the first reply.
 *
 * Until it is in, a reply's words wait behind a placeholder that says it is being formatted: shown
 * as plain text they would carry their Markdown marks (`###`, `**`, `|`) and then jump into another
 * shape when the renderer arrived, which on a first visit over a slow network took seconds. A
 * stripped-down stand-in would be a second Markdown reader to keep right. If the download fails
 * (offline before the service worker kept it) the words show as written, so nothing is hidden.
 */
import { useEffect, useState } from 'react';
import { Skeleton } from '@radix-ui/themes';
import { describeError, logger } from '../../lib/logger';
import type { Markdown as MarkdownComponent, MarkdownProps } from './Markdown';

let loaded: typeof MarkdownComponent | null = null;
let pending: Promise<void> | null = null;

/** About this many characters to a line of a reply, for the placeholder's height. */
const CHARACTERS_PER_LINE = 90;
const MOST_PLACEHOLDER_LINES = 6;

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
  const [failed, setFailed] = useState(false);
  const [, setReady] = useState(loaded !== null);
  useEffect(() => {
    if (loaded) return undefined;
    let mounted = true;
    preloadMarkdown().then(
      () => mounted && setReady(true),
      (error: unknown) => {
        logger.warn('Could not load the reply formatter', { error: describeError(error) });
        if (mounted) setFailed(true);
      },
    );
    return () => {
      mounted = false;
    };
  }, []);
  if (loaded) {
    const Markdown = loaded;
    return <Markdown text={text} citationNumbers={citationNumbers} renderCitation={renderCitation} />;
  }
  if (failed) {
    return (
      <div className="markdown-body" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </div>
    );
  }
  const lines = Math.min(MOST_PLACEHOLDER_LINES, Math.max(1, Math.ceil(text.length / CHARACTERS_PER_LINE)));
  return (
    <div className="markdown-body markdown-body--formatting" role="status" data-testid="reply-formatting">
      <span className="visually-hidden">Formatting the reply…</span>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} height="0.9em" width={index === lines - 1 && lines > 1 ? '60%' : '100%'} mb="2" />
      ))}
    </div>
  );
}
