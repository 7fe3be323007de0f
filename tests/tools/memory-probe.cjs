// Loaded into a server process started with a memory probe (tests/tools/server-process.ts:
// `node --expose-gc --require this-file`). Asked over the IPC channel, it runs two full garbage
// collections and answers with the memory left: what the process really holds, without the
// garbage that happens to be waiting for the collector. A soak judges leaks on these figures,
// because resident memory sampled at random moments rises and falls with the collector's own
// schedule (V8 lets the heap grow well past what is live before it collects).
'use strict';

const MiB = 1024 * 1024;

process.on('message', (message) => {
  if (!message || message.type !== 'memory-probe') return;
  global.gc();
  // The second collection frees what the first one's finalisers released.
  setImmediate(() => {
    global.gc();
    const usage = process.memoryUsage();
    process.send({ type: 'memory-probe', id: message.id, rssMiB: usage.rss / MiB, heapUsedMiB: usage.heapUsed / MiB, externalMiB: usage.external / MiB });
  });
});
// The channel must not keep the server alive after it has been told to stop.
process.channel?.unref();
