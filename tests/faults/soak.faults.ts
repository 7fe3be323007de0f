/**
 * (f) A soak: FAULTS_SOAK_CONNECTIONS (100) connections of signed-in people for
 * FAULTS_SOAK_SECONDS at full strength (90 in `npm run test:faults`, which CI runs; 300 in
 * `npm run test:soak`), on FAULTS_SOAK_DATABASE (pglite, the default install, or postgres). The mix (tests/tools/load-mix.ts) is /me, /spaces/, plan,
 * credits, knowledge documents, chat sessions, agents and brand voice, with one write in twelve.
 *
 * The connections join over FAULTS_SOAK_RAMP_SECONDS before that (a third of the run, at most 60 s),
 * as people's apps do, not in one instant: a server busy with the first ones accepts one new connection per turn of its event
 * loop, so a hundred opened together wait seconds for the last (docs/reliability.md, "New
 * connections wait one turn each"). FAULTS_SOAK_RAMP_SECONDS=0 opens them all at once, to see that.
 *
 * Passes when no answer is a 5xx or a 4xx, nothing fails at the socket, time-outs (no answer in
 * 10 s: the app gives up on GET /spaces/ after 10 s, spec 000) stay under one in MAX_TIMEOUT_RATIO
 * requests, and the server does not leak. Memory is judged on what is left after a full garbage
 * collection, asked of the server every 15 s (tests/tools/memory-probe.cjs), because resident
 * memory sampled at random follows the collector's schedule: V8 lets the heap grow to several
 * times what is live under a high allocation rate and gives it back later.
 *  - The live JavaScript heap and the memory outside it (PGlite's WebAssembly memory, buffers)
 *    are flat: growth after the first quarter (Theil–Sen slope, tests/tools/memory-sampler.ts) at
 *    most MAX_GROWTH_MIB_PER_MINUTE. This is where a leak in the server's own code shows.
 *  - Resident memory after a collection stays under MAX_SETTLED_RSS_MIB. It also holds native
 *    allocations (the C library's heap), which fill up to a plateau over the first ~5 minutes of
 *    load (docs/reliability.md): so its slope is judged, with the same bound, only in runs of
 *    10 minutes or more (FAULTS_SOAK_SECONDS=600).
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, type Session } from '../tools/api-client';
import { runLoadMix } from '../tools/load-mix';
import { sampleRss, sampleSettledMemory, type MemorySummary } from '../tools/memory-sampler';
import { BRAND_GUIDELINES, MIME } from '../server/kb-fixtures';
import { freshDatabase, report, startServer, type Engine } from './harness';

const SECONDS = Number(process.env.FAULTS_SOAK_SECONDS ?? 90);
const CONNECTIONS = Number(process.env.FAULTS_SOAK_CONNECTIONS ?? 100);
const RAMP_SECONDS = Number(process.env.FAULTS_SOAK_RAMP_SECONDS ?? Math.min(60, Math.round(SECONDS / 3)));
const ENGINE = (process.env.FAULTS_SOAK_DATABASE ?? 'pglite') as Engine;
/** FAULTS_SOAK_WRITES=0: reads only, to tell memory the data's growth takes from a leak. */
const WRITES = process.env.FAULTS_SOAK_WRITES !== '0';
const PEOPLE = 20;
/**
 * Flat: at most 1 MiB a minute once warm. A leak of one small object per request (a listener, a
 * cached closure) grows by several MiB a minute at these rates.
 */
const MAX_GROWTH_MIB_PER_MINUTE = 1;
/**
 * How often the server is asked for its settled memory (each question runs two full collections):
 * every 15 s, or often enough that a short run still judges a dozen samples.
 */
const SETTLED_EVERY_MS = Math.min(15_000, Math.round((SECONDS * 1000) / 12));
/** The server's footprint under this load is ~350–400 MiB on PGlite; a leak passes this long before it crashes anything. */
const MAX_SETTLED_RSS_MIB = 512;
/** Runs this long or longer also judge the resident memory's slope (see above). */
const RSS_SLOPE_FROM_SECONDS = 600;
/**
 * Requests past 10 s: with every connection opened at once, about one run in five had a few (13 of
 * 80,675 in the worst), traced to connections waiting to be accepted; the ramp removed them in the
 * runs measured (docs/reliability.md, "Known limits"). More than one in this many is a failure.
 */
const MAX_TIMEOUT_RATIO = 10_000;
/** FAULTS_SKIP_SOAK=1 leaves the soak out of a local run of the suite (it takes about two minutes). */
const SKIP = process.env.FAULTS_SKIP_SOAK === '1';

describe.skipIf(SKIP)(`soak: ${CONNECTIONS} connections for ${SECONDS} s (${ENGINE})`, () => {
  it('answers every request without a 5xx, almost never past 10 s, and does not leak memory', { timeout: (RAMP_SECONDS + SECONDS + 300) * 1000 }, async () => {
    const database = await freshDatabase(ENGINE);
    const server = await startServer(database, {}, { memoryProbe: true });
    const api = new ApiClient(server.baseUrl);
    const people: Session[] = [];
    for (let index = 0; index < PEOPLE; index += 1) people.push(await api.registerOwner('soak'));
    // Something in each list the mix reads: a processed document and an answered chat.
    for (const person of people.slice(0, 5)) {
      const document = await api.upload(person, { filename: 'voice.txt', contentType: MIME.txt, bytes: Buffer.from(`${BRAND_GUIDELINES}\n${person.email}`) });
      await api.waitForDocument(person, document.id, 60_000);
      const accepted = await api.sendMessage(person, 'brand-voice', 'Rewrite our tagline in our voice.');
      await api.waitForReply(person, accepted.session_id, accepted.created_at, 60_000);
    }

    const running = runLoadMix({ baseUrl: server.baseUrl, sessions: people, connections: CONNECTIONS, durationSeconds: RAMP_SECONDS + SECONDS, rampSeconds: RAMP_SECONDS, timeoutSeconds: 10, writes: WRITES });
    // Memory is judged at full strength: the ramp adds connections, and with them buffers, by design.
    await new Promise((resolve) => setTimeout(resolve, RAMP_SECONDS * 1000));
    const resident = sampleRss(() => server.rssMiB(), 5_000);
    const settled = sampleSettledMemory(() => server.settledMemory(), SETTLED_EVERY_MS);
    const load = await running;
    const rss = resident.stop();
    const memory = await settled.stop();
    const growth = (summary: MemorySummary) => `${summary.firstMiB.toFixed(0)} → ${summary.lastMiB.toFixed(0)} MiB, ${summary.slopeMiBPerMinute.toFixed(2)} MiB/min`;
    report(
      `soak (${ENGINE}${WRITES ? '' : ', reads only'})`,
      `${load.requests} requests, ${load.requestsPerSecond} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, max ${load.maxMs} ms; ` +
        `5xx ${load.status5xx}, 4xx ${load.status4xx}, time-outs ${load.timeouts}, socket errors ${load.errors - load.timeouts}; ` +
        `after a full collection (${memory.rss.judgedSamples} judged samples): RSS ${growth(memory.rss)}, heap ${growth(memory.heapUsed)}, outside the heap ${growth(memory.external)}; ` +
        `RSS without collecting ${rss.firstMiB.toFixed(0)} → ${rss.lastMiB.toFixed(0)} MiB (min ${rss.minMiB.toFixed(0)}, max ${rss.maxMiB.toFixed(0)}, ${rss.slopeMiBPerMinute.toFixed(2)} MiB/min)`,
    );
    console.log(`settled RSS: ${memory.rss.samples.map((sample) => `${sample.atSeconds.toFixed(0)} s ${sample.mib.toFixed(0)}`).join(', ')}`);

    expect(load.requests).toBeGreaterThan(0);
    // The memory verdict needs the probe's answers (a probe that failed is skipped, not fatal).
    expect(memory.rss.samples.length).toBeGreaterThanOrEqual(Math.floor((SECONDS * 1000) / SETTLED_EVERY_MS / 2));
    expect({ status5xx: load.status5xx, status4xx: load.status4xx, socketErrors: load.errors - load.timeouts }).toEqual({ status5xx: 0, status4xx: 0, socketErrors: 0 });
    expect(load.timeouts).toBeLessThanOrEqual(Math.floor(load.requests / MAX_TIMEOUT_RATIO));
    expect({
      heapUsed: memory.heapUsed.slopeMiBPerMinute <= MAX_GROWTH_MIB_PER_MINUTE,
      external: memory.external.slopeMiBPerMinute <= MAX_GROWTH_MIB_PER_MINUTE,
      rssUnderCeiling: memory.rss.maxMiB <= MAX_SETTLED_RSS_MIB,
      rssFlat: SECONDS < RSS_SLOPE_FROM_SECONDS || memory.rss.slopeMiBPerMinute <= MAX_GROWTH_MIB_PER_MINUTE,
    }).toEqual({ heapUsed: true, external: true, rssUnderCeiling: true, rssFlat: true });
    expect(server.isRunning()).toBe(true);
  });
});
