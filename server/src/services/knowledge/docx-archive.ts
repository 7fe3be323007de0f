/**
 * A .docx is a zip archive. A few hundred KB can inflate to gigabytes (a "zip bomb"), and the
 * sizes an archive declares are whatever its author wrote. So the parts mammoth asks for are
 * inflated here by yauzl as streams, and every inflated byte is counted as it arrives: past the
 * limit the stream is dropped and the document is refused, long before memory is at risk. Only
 * the parts mammoth actually reads count (images and embedded files are never inflated for text).
 */
import { promisify } from 'node:util';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { LIMIT_MESSAGES } from './extraction-limits';
import { UNREADABLE, UnreadableDocumentError } from './unreadable';

/** The archive interface mammoth reads from (its `file` input; mammoth/lib/unzip.js). */
export interface MammothArchive {
  exists(name: string): boolean;
  read(name: string, encoding?: string): Promise<string | Uint8Array>;
}

export interface ArchiveLimits {
  maxUnpackedBytes: number;
  maxArchiveEntries: number;
}

const openBuffer = promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer);

/** Reads the central directory (no inflating): every entry by name. */
async function listEntries(zip: yauzl.ZipFile, maxEntries: number): Promise<Map<string, yauzl.Entry>> {
  // The declared count first (cheap), then the entries actually present.
  if (zip.entryCount > maxEntries) throw new UnreadableDocumentError(LIMIT_MESSAGES.tooManyEntries(maxEntries));
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      if (entries.size > maxEntries) return reject(new UnreadableDocumentError(LIMIT_MESSAGES.tooManyEntries(maxEntries)));
      zip.readEntry();
    });
    zip.once('end', () => resolve());
    zip.once('error', reject);
    zip.readEntry();
  });
  return entries;
}

/** Opens the archive for mammoth, refusing it once the parts read inflate past the limit. */
export async function openDocxArchive(bytes: Buffer, limits: ArchiveLimits): Promise<MammothArchive> {
  let zip: yauzl.ZipFile;
  let entries: Map<string, yauzl.Entry>;
  try {
    // validateEntrySizes: a part that inflates to more than it declares is an error, not more data.
    zip = await openBuffer(bytes, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true });
    entries = await listEntries(zip, limits.maxArchiveEntries);
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw error;
    throw new UnreadableDocumentError(UNREADABLE.docxBroken);
  }
  const openStream = promisify<yauzl.Entry, Readable>(zip.openReadStream.bind(zip));
  let unpacked = 0;
  // Relationship targets may be written absolute ("/word/document.xml").
  const entryOf = (name: string) => entries.get(name) ?? entries.get(name.replace(/^\/+/, ''));

  const inflate = async (name: string): Promise<Buffer> => {
    const entry = entryOf(name);
    if (!entry) throw new UnreadableDocumentError(UNREADABLE.docxBroken);
    const chunks: Buffer[] = [];
    let stream: Readable;
    try {
      stream = await openStream(entry);
    } catch {
      throw new UnreadableDocumentError(UNREADABLE.docxBroken);
    }
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        unpacked += chunk.length;
        if (unpacked > limits.maxUnpackedBytes) throw new UnreadableDocumentError(LIMIT_MESSAGES.unpackedTooLarge(limits.maxUnpackedBytes));
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof UnreadableDocumentError) throw error;
      throw new UnreadableDocumentError(UNREADABLE.docxBroken);
    } finally {
      stream.destroy();
    }
    return Buffer.concat(chunks);
  };

  return {
    exists: (name) => entryOf(name) !== undefined,
    async read(name, encoding) {
      const data = await inflate(name);
      if (!encoding) return data;
      if (encoding === 'base64') return data.toString('base64');
      return new TextDecoder(encoding).decode(data);
    },
  };
}
