import { Fragment } from 'react';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every occurrence of the highlighted terms in <mark>. */
export function HighlightedText({ text, terms }: { text: string; terms: readonly string[] }) {
  const words = terms.filter((term) => term.trim().length > 0);
  if (words.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${words.map(escape).sort((a, b) => b.length - a.length).join('|')})`, 'giu');
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, index) =>
        // split() with one capture group puts the matches at the odd indexes.
        index % 2 === 1 ? <mark key={index}>{part}</mark> : <Fragment key={index}>{part}</Fragment>,
      )}
    </>
  );
}
