/**
 * npm run bench:footprint — the server's resident memory (RSS, as the kernel counts it) on this
 * machine: after start, at rest after a burst of load, and over a soak. Figures in
 * docs/reliability.md ("Footprint").
 *
 * 1. Starts the real server as its own process (as `npm start` runs it) on a new PGlite folder,
 *    waits at rest, registers people, then a burst: FOOTPRINT_CONNECTIONS connections of the
 *    signed-in mix (tests/tools/load-mix.ts) for FOOTPRINT_BURST_SECONDS, and rest again.
 * 2. Seeds their workspaces through the API (a text, a PDF and a Word document processed by the
 *    background jobs, a few chat messages answered by the offline engine), then stops it.
 * 3. Starts it again on that folder (how a server normally starts): rest, burst, rest.
 * 4. Hostile inputs, as an outside probe sent them: a DOCX zip bomb (100 MiB unpacked), a 9.9 MB
 *    text document (~12,000 passages), and JSON bodies of nearly the 1 MiB limit and past it; then
 *    rest. At rest after them the server should be back under MAX_AT_REST_MIB.
 * 5. A soak: the same mix at FOOTPRINT_SOAK_CONNECTIONS for FOOTPRINT_SOAK_SECONDS, RSS sampled
 *    every 5 s; growth is the Theil–Sen slope after a warm-up (tests/tools/memory-sampler.ts).
 *
 * BENCH_DATABASE_URL runs it on that (empty, disposable) PostgreSQL database instead of PGlite;
 * FOOTPRINT_HOSTILE=0 leaves step 4 out.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiClient, type Session } from '../tools/api-client';
import { runLoadMix } from '../tools/load-mix';
import { sampleRss } from '../tools/memory-sampler';
import { formatRssBreakdown, rssBreakdown } from '../tools/rss-breakdown';
import { startServerProcess, type ServerProcess } from '../tools/server-process';
import { BRAND_GUIDELINES, MIME, docxWithText, pdfWithText } from '../server/kb-fixtures';
import { docxBomb } from '../faults/docx-bomb';
import { marketingText } from '../tools/marketing-text';

const seconds = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const BURST_SECONDS = seconds('FOOTPRINT_BURST_SECONDS', 30);
const CONNECTIONS = seconds('FOOTPRINT_CONNECTIONS', 100);
const SOAK_SECONDS = seconds('FOOTPRINT_SOAK_SECONDS', 600);
const SOAK_CONNECTIONS = seconds('FOOTPRINT_SOAK_CONNECTIONS', 20);
const REST_SECONDS = seconds('FOOTPRINT_REST_SECONDS', 15);
const PEOPLE = 10;
/** The goal for resident memory at rest, hostile inputs included (docs/reliability.md, "Footprint"). */
const MAX_AT_REST_MIB = 300;
/** JSON bodies of nearly the limit, and past it, sent this many at a time. */
const JSON_BODIES = 40;
const JSON_CONCURRENCY = 8;

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const rest = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function line(label: string, server: ServerProcess): void {
  console.log(`${label.padEnd(44)} RSS ${server.rssMiB().toFixed(0).padStart(4)} MiB (peak ${server.peakRssMiB().toFixed(0)})   load ${loadAverage()}`);
}

/** Where the resident memory is (tests/tools/rss-breakdown.ts), under the line it explains. */
function breakdown(server: ServerProcess): void {
  console.log(`${''.padEnd(44)} ${formatRssBreakdown(rssBreakdown(server.pid))}`);
}

async function register(api: ApiClient): Promise<Session[]> {
  const people: Session[] = [];
  for (let index = 0; index < PEOPLE; index += 1) people.push(await api.registerOwner('footprint'));
  return people;
}

/** Documents of each kind the extractors read, processed by the background jobs, and a few chats. */
async function seed(api: ApiClient, people: Session[]): Promise<void> {
  const first = people[0]!;
  const documents = [
    await api.upload(first, { filename: 'brand.txt', contentType: MIME.txt, bytes: Buffer.from(BRAND_GUIDELINES) }),
    await api.upload(first, { filename: 'plan.pdf', contentType: MIME.pdf, bytes: await pdfWithText(Array.from({ length: 120 }, (_, n) => `Campaign line ${n}: audiences, channels and budget.`)) }),
    await api.upload(first, { filename: 'notes.docx', contentType: MIME.docx, bytes: await docxWithText(Array.from({ length: 80 }, (_, n) => `Meeting note ${n} about the product launch.`)) }),
  ];
  for (const document of documents) await api.waitForDocument(first, document.id, 120_000);
  for (const person of people.slice(1)) {
    const document = await api.upload(person, { filename: 'voice.txt', contentType: MIME.txt, bytes: Buffer.from(`${BRAND_GUIDELINES}\n${person.email}`) });
    await api.waitForDocument(person, document.id, 120_000);
  }
  for (const person of people.slice(0, 3)) {
    const accepted = await api.sendMessage(person, 'cmo', 'What should we focus on this quarter?');
    await api.waitForReply(person, accepted.session_id, accepted.created_at, 60_000);
  }
}

async function burstThenRest(server: ServerProcess, people: Session[]): Promise<void> {
  const burst = await runLoadMix({ baseUrl: server.baseUrl, sessions: people, connections: CONNECTIONS, durationSeconds: BURST_SECONDS });
  line(`end of burst (${CONNECTIONS} conn × ${BURST_SECONDS} s, ${burst.requestsPerSecond} req/s, p99 ${burst.p99Ms} ms)`, server);
  await rest(REST_SECONDS * 1000);
  line(`at rest ${REST_SECONDS} s after the burst`, server);
  breakdown(server);
}

/** A body of about `bytes` bytes for PUT /settings/brand-voice (refused as too long, or past the body limit). */
function brandVoiceBody(bytes: number): string {
  return JSON.stringify({ content: 'Warm, plain and confident. '.repeat(Math.ceil(bytes / 27)).slice(0, bytes) });
}

async function hostileInputs(server: ServerProcess, person: Session): Promise<void> {
  const api = new ApiClient(server.baseUrl);
  const bomb = await docxBomb(100);
  const refused = await api.upload(person, { filename: 'launch-plan.docx', contentType: MIME.docx, bytes: bomb.bytes });
  const bombed = await api.waitForDocument(person, refused.id, 180_000);
  line(`after a DOCX bomb (${(bomb.unpackedBytes / 1048576).toFixed(0)} MiB unpacked: ${bombed.status})`, server);
  const big = await api.upload(person, { filename: 'campaign-archive.txt', contentType: MIME.txt, bytes: marketingText(9_900_000) });
  const indexed = await api.waitForDocument(person, big.id, 300_000);
  line(`after a 9.9 MB text document (${indexed.status})`, server);
  const statuses = new Map<number, number>();
  for (let sent = 0; sent < JSON_BODIES; sent += JSON_CONCURRENCY) {
    await Promise.all(
      Array.from({ length: JSON_CONCURRENCY }, async (_, index) => {
        // Every other body is past the 1 MiB limit (413); the rest are read whole and refused (422).
        const body = brandVoiceBody((sent + index) % 2 === 0 ? 1_040_000 : 1_100_000);
        const response = await fetch(`${server.baseUrl}/api/v1/settings/brand-voice`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${person.access_token}`, 'x-space-id': person.spaceId },
          body,
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }),
    );
  }
  line(`after ${JSON_BODIES} JSON bodies of ~1 MiB (${[...statuses].map(([status, count]) => `${count}× ${status}`).join(', ')})`, server);
  await rest(REST_SECONDS * 1000);
  line(`at rest ${REST_SECONDS} s after the hostile inputs`, server);
  // V8 gives the heap a burst grew back on its own once allocation stays low for a while (its
  // memory reducer): about half a minute here. "At rest" is a minute of quiet.
  await rest(Math.max(0, 60 - REST_SECONDS) * 1000);
  const atRest = server.rssMiB();
  line('at rest 60 s after the hostile inputs', server);
  breakdown(server);
  console.log(`resident memory at rest after hostile inputs: ${atRest.toFixed(0)} MiB (goal ≤ ${MAX_AT_REST_MIB} MiB): ${atRest <= MAX_AT_REST_MIB ? 'met' : 'NOT met'}`);
}

async function main(): Promise<void> {
  const folder = await mkdtemp(path.join(tmpdir(), 'mosaic-footprint-'));
  const env = { DATA_DIR: path.join(folder, 'data'), DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' };
  let server: ServerProcess | undefined;
  try {
    console.log(`database: ${env.DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'PGlite'}`);
    server = await startServerProcess({ env });
    line(`first start on a new folder (${Math.round(server.startMs)} ms)`, server);
    await rest(REST_SECONDS * 1000);
    line(`at rest ${REST_SECONDS} s after the first start`, server);
    const people = await register(new ApiClient(server.baseUrl));
    await burstThenRest(server, people);
    await seed(new ApiClient(server.baseUrl), people);
    line('after processing documents and chats', server);
    await server.stop();

    server = await startServerProcess({ env });
    line(`started again (${Math.round(server.startMs)} ms to healthy)`, server);
    await rest(REST_SECONDS * 1000);
    line(`at rest ${REST_SECONDS} s after start`, server);
    breakdown(server);
    await burstThenRest(server, people);
    if (process.env.FOOTPRINT_HOSTILE !== '0') await hostileInputs(server, people[0]!);

    if (SOAK_SECONDS > 0) {
      const running = server;
      const sampler = sampleRss(() => running.rssMiB(), 5_000);
      const soak = await runLoadMix({ baseUrl: server.baseUrl, sessions: people, connections: SOAK_CONNECTIONS, durationSeconds: SOAK_SECONDS });
      const memory = sampler.stop();
      line(`end of soak (${SOAK_CONNECTIONS} conn × ${SOAK_SECONDS} s, ${soak.requestsPerSecond} req/s)`, server);
      console.log(
        `soak RSS: first ${memory.firstMiB.toFixed(0)}, min ${memory.minMiB.toFixed(0)}, max ${memory.maxMiB.toFixed(0)}, last ${memory.lastMiB.toFixed(0)} MiB; ` +
          `growth after warm-up ${memory.slopeMiBPerMinute.toFixed(2)} MiB/min over ${memory.judgedSamples} samples; ` +
          `5xx ${soak.status5xx}, time-outs ${soak.timeouts}, errors ${soak.errors}`,
      );
      await rest(REST_SECONDS * 1000);
      line(`at rest ${REST_SECONDS} s after the soak`, server);
    }
  } finally {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
