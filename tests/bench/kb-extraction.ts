/**
 * Text extraction alone, in-process (as before the sandbox) and in the capped sandbox (two
 * processes, as the document workers use it), over the bench corpus: 1,000 text files plus 50
 * Word documents and 50 PDFs made from the same texts. Part of `npm run bench:kb`.
 */
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../server/src/config';
import { extractText } from '../../server/src/services/knowledge/extract-text';
import { createExtractionSandbox, extractInSandbox } from '../../server/src/services/knowledge/sandboxed-extraction';
import type { DocumentKind } from '../../server/src/services/knowledge/file-types';
import { docxWithText, pdfWithText } from '../server/kb-fixtures';
import { generateCorpus } from './kb-corpus';

interface File {
  kind: DocumentKind;
  bytes: Buffer;
}

async function corpusFiles(count: number): Promise<File[]> {
  const corpus = generateCorpus(count, 31);
  const files: File[] = corpus.map((doc) => ({ kind: 'text', bytes: Buffer.from(doc.text) }));
  const office = corpus.slice(0, Math.min(50, count));
  for (const doc of office) files.push({ kind: 'docx', bytes: await docxWithText(doc.text.split('\n\n')) });
  for (const doc of office) files.push({ kind: 'pdf', bytes: await pdfWithText(doc.text.split('\n')) });
  return files;
}

/** Runs `extract` over the files two at a time (the workers' concurrency); returns seconds per kind. */
async function timeAll(files: File[], extract: (file: File) => Promise<string>): Promise<Map<DocumentKind, number>> {
  const seconds = new Map<DocumentKind, number>();
  for (const kind of ['text', 'docx', 'pdf'] as const) {
    const ofKind = files.filter((file) => file.kind === kind);
    const started = performance.now();
    for (let index = 0; index < ofKind.length; index += 2) await Promise.all(ofKind.slice(index, index + 2).map(extract));
    seconds.set(kind, (performance.now() - started) / 1000);
  }
  return seconds;
}

export async function benchExtraction(count: number): Promise<void> {
  const limits = loadConfig({ LOG_LEVEL: 'silent' }).knowledge.extraction;
  const files = await corpusFiles(count);
  const counts = new Map<DocumentKind, number>(['text', 'docx', 'pdf'].map((kind) => [kind as DocumentKind, files.filter((file) => file.kind === kind).length]));
  console.log(`\n[extraction] ${files.length} files: ${[...counts].map(([kind, n]) => `${n} ${kind}`).join(', ')}`);

  // Warm both paths first (module loading, the sandbox processes' start-up), then time.
  await Promise.all(files.slice(0, 2).map((file) => extractText(file.kind, file.bytes, limits)));
  const inProcess = await timeAll(files, (file) => extractText(file.kind, file.bytes, limits));

  const sandbox = createExtractionSandbox(limits, 2);
  try {
    const coldStart = performance.now();
    await Promise.all(files.slice(0, 2).map((file) => extractInSandbox(sandbox, file.kind, file.bytes, limits)));
    const coldSeconds = (performance.now() - coldStart) / 1000;
    const sandboxed = await timeAll(files, (file) => extractInSandbox(sandbox, file.kind, file.bytes, limits));
    for (const [kind, n] of counts) {
      const before = inProcess.get(kind)!;
      const after = sandboxed.get(kind)!;
      console.log(
        `[extraction] ${kind}: in-process ${(n / before).toFixed(0)} files/s (${((before / n) * 1000).toFixed(1)} ms each), sandbox ${(n / after).toFixed(0)} files/s (${((after / n) * 1000).toFixed(1)} ms each)`,
      );
    }
    console.log(`[extraction] sandbox start-up (two processes, first two files): ${coldSeconds.toFixed(2)} s`);
  } finally {
    await sandbox.close();
  }
}
