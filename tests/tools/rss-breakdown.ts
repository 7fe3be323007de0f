/**
 * Where a process's resident memory is, read from outside in /proc/<pid>/smaps (Linux), by the
 * kind of mapping that holds it. No cooperation from the process is needed, so the figures are
 * those of the server exactly as it runs, without a collection forced to read them.
 *
 * How each kind is recognised:
 * - WebAssembly memory (PGlite's): V8 reserves 10 GiB of address space for a memory (2 GiB of guard
 *   pages, then 8 GiB of which the part in use is readable); a readable anonymous mapping followed
 *   by inaccessible ones that add up to 4 GiB or more is one.
 * - The C library's heap: `[heap]` for its main arena, and for each further arena (glibc creates
 *   one per thread that finds the others busy, up to 8 per core) a 64 MiB reservation aligned on
 *   64 MiB, of which the part in use is readable.
 * - Mapped files: Node's own binary, shared libraries (native add-ons among them), other files.
 * - The rest of the anonymous memory: mostly the JavaScript heaps (V8's pages, each thread's own),
 *   code V8 generated, and large native allocations the C library maps on their own.
 */
import { readFileSync } from 'node:fs';

export interface RssBreakdown {
  wasmMiB: number;
  mallocMainMiB: number;
  mallocArenasMiB: number;
  /** How many further arenas the C library has created. */
  arenas: number;
  otherAnonymousMiB: number;
  filesMiB: number;
  totalMiB: number;
}

interface Mapping {
  start: bigint;
  end: bigint;
  perms: string;
  name: string;
  file: boolean;
  rssKiB: number;
}

const ARENA_SIZE = 64n * 1024n * 1024n;
const WASM_RESERVATION = 4n * 1024n * 1024n * 1024n;

function mappings(pid: number): Mapping[] {
  const result: Mapping[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      result.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3]!, name: head[5]!, file: head[4] !== '0', rssKiB: 0 });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && result.length > 0) result[result.length - 1]!.rssKiB = Number(rss[1]);
  }
  return result;
}

/** The breakdown now, or undefined when the process has ended or /proc cannot be read. */
export function rssBreakdown(pid: number): RssBreakdown | undefined {
  let maps: Mapping[];
  try {
    maps = mappings(pid);
  } catch {
    return undefined;
  }
  const kiB = { wasm: 0, main: 0, arenas: 0, other: 0, files: 0 };
  let arenas = 0;
  for (let index = 0; index < maps.length; index += 1) {
    const map = maps[index]!;
    if (map.name === '[heap]') kiB.main += map.rssKiB;
    else if (map.file) kiB.files += map.rssKiB;
    else if (map.name !== '') kiB.other += map.rssKiB;
    else {
      // A reservation: this mapping and the inaccessible ones right after it.
      let end = map.end;
      for (let next = index + 1; next < maps.length && maps[next]!.start === end && maps[next]!.perms.startsWith('---') && maps[next]!.name === ''; next += 1) end = maps[next]!.end;
      const reserved = end - map.start;
      if (reserved >= WASM_RESERVATION) kiB.wasm += map.rssKiB;
      else if (reserved === ARENA_SIZE && map.start % ARENA_SIZE === 0n) {
        kiB.arenas += map.rssKiB;
        arenas += 1;
      } else kiB.other += map.rssKiB;
    }
  }
  const mib = (value: number) => value / 1024;
  return {
    wasmMiB: mib(kiB.wasm),
    mallocMainMiB: mib(kiB.main),
    mallocArenasMiB: mib(kiB.arenas),
    arenas,
    otherAnonymousMiB: mib(kiB.other),
    filesMiB: mib(kiB.files),
    totalMiB: mib(kiB.wasm + kiB.main + kiB.arenas + kiB.other + kiB.files),
  };
}

/** One line for a bench's output. */
export function formatRssBreakdown(breakdown: RssBreakdown | undefined): string {
  if (!breakdown) return 'breakdown unavailable';
  const f = (value: number) => value.toFixed(0);
  return (
    `WebAssembly ${f(breakdown.wasmMiB)}, C heap ${f(breakdown.mallocMainMiB + breakdown.mallocArenasMiB)} ` +
    `(main ${f(breakdown.mallocMainMiB)} + ${breakdown.arenas} arenas ${f(breakdown.mallocArenasMiB)}), ` +
    `JavaScript heaps and other anonymous ${f(breakdown.otherAnonymousMiB)}, files ${f(breakdown.filesMiB)} MiB`
  );
}
