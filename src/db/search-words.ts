/**
 * The words of each saved message, kept by the database itself (Dexie hooks), so every writer —
 * snapshots, polls, temporary messages — feeds the offline history search without knowing it.
 * Words are split as the server's search splits a query (src/contract/chat-history.ts).
 */
import type { Table } from 'dexie';
import { wordsIn } from '../contract/chat-history';

/**
 * Words a message is found by. One-letter words are left out (no one searches a chat for "a", and a
 * longer prefix still finds them); a very long message keeps its first words only, which bounds the
 * index a 5,000-message chat writes on every refresh.
 */
const MAX_WORDS_PER_MESSAGE = 400;

export function wordsOf(content: string): string[] {
  const words = wordsIn(content).filter((word) => word.length > 1);
  return [...new Set(words)].slice(0, MAX_WORDS_PER_MESSAGE);
}

interface Searchable {
  content: string;
  words?: string[];
}

export function indexMessageWords<Row extends Searchable>(table: Table<Row, string>): void {
  table.hook('creating', (_key, row) => {
    row.words = wordsOf(row.content);
  });
  // A put over a saved row arrives here too, as the difference between the rows, which drops the
  // words the new row does not carry; so they are given again, from the new text when it changed
  // (an update that leaves the text alone, such as a rating, keeps the words it has).
  table.hook('updating', (changes, _key, row) => {
    const content = (changes as Partial<Searchable>).content;
    if (typeof content === 'string') return { words: wordsOf(content) };
    return 'words' in changes ? { words: row.words ?? wordsOf(row.content) } : undefined;
  });
}
