/**
 * The embedded database's own thread (started by pglite-thread.ts). PGlite is PostgreSQL compiled
 * to WebAssembly: it computes on the thread that calls it, so a heavy statement (a big document's
 * passages indexed, a report over many rows) would hold the server's event loop and every other
 * tenant's requests with it. Here it holds only this thread.
 *
 * The server talks to it the way it talks to PostgreSQL: node-postgres, speaking the wire
 * protocol, over a MessagePort per connection instead of a socket. This thread cuts what arrives
 * into whole protocol messages, runs them through PGlite's `execProtocolRawStream` one
 * connection's batch at a time, and sends back what PGlite answers.
 *
 * Plain JavaScript, so it starts without a TypeScript loader whether the server runs from source
 * or compiled.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';

/** The protocol's version number in a StartupMessage (3.0), which has no type byte. */
const PROTOCOL_3 = 196608;

const { dataDir, loadDataDir, settings } = workerData;

/** Runs one piece of work at a time, in arrival order, whatever the outcome of the previous one. */
let tail = Promise.resolve();
const serially = (work) => {
  const result = tail.then(work);
  tail = result.catch(() => undefined);
  return result;
};

/**
 * Splits `buffer` into the complete protocol messages at its start and the incomplete rest. The
 * first message of a connection is the StartupMessage (length first, no type byte).
 */
function completeMessages(buffer, startup) {
  let end = 0;
  for (;;) {
    const atStartup = startup && end === 0;
    const headerLength = atStartup ? 4 : 5;
    if (buffer.length - end < headerLength) break;
    const length = atStartup ? buffer.readInt32BE(end) : 1 + buffer.readInt32BE(end + 1);
    if (buffer.length - end < length) break;
    end += length;
    if (atStartup) startup = false;
  }
  return { complete: buffer.subarray(0, end), rest: buffer.subarray(end) };
}

function serve(db, port) {
  let pending = Buffer.alloc(0);
  let startup = true;
  let closed = false;
  port.on('message', (chunk) => {
    pending = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, chunk]);
    // A StartupMessage must be whole before its version can be read; wait for more otherwise.
    if (startup && pending.length >= 8 && pending.readInt32BE(4) !== PROTOCOL_3) {
      port.close();
      return;
    }
    const { complete, rest } = completeMessages(pending, startup);
    if (complete.length === 0) return;
    if (startup) startup = false;
    pending = Buffer.from(rest);
    const messages = new Uint8Array(complete);
    void serially(async () => {
      if (closed) return;
      // The answer comes in pieces, views into the database's memory: each is copied, and they
      // go back together once the batch has run, so the server's thread wakes once for it.
      const pieces = [];
      await db.execProtocolRawStream(messages, { onRawData: (data) => pieces.push(data.slice()) });
      if (closed || pieces.length === 0) return;
      const answer = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
      const copy = answer.byteOffset === 0 && answer.byteLength === answer.buffer.byteLength ? answer : answer.slice();
      port.postMessage(copy, [copy.buffer]);
    }).catch((error) => {
      // Not an SQL error (those are answered in the protocol): the connection cannot go on.
      console.error('embedded database: a request failed outside the protocol', error);
      port.close();
    });
  });
  port.once('close', () => {
    closed = true;
  });
}

try {
  const db = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
    // The migrations create btree_gin and pg_trgm (the search indexes, docs/scale.md); pgvector is
    // created only when embeddings are configured (services/knowledge/semantic-index.ts).
    extensions: { vector, btree_gin, pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...settings],
  });
  await db.waitReady;
  let current;
  parentPort.on('message', (message) => {
    if (message.type === 'connect') {
      // The server keeps one connection (PGlite serves one session): a new one replaces the last.
      // PGlite is one session whatever the number of connections, so what the last one left (an
      // open transaction, prepared statements, settings) is cleared before the new one is served,
      // or its first statement could find its name already taken.
      current?.close();
      current = message.port;
      void serially(async () => {
        if (db.isInTransaction()) await db.exec('ROLLBACK');
        await db.exec('DISCARD ALL');
      }).catch((error) => console.error('embedded database: could not reset the session for a new connection', error));
      serve(db, message.port);
    }
    if (message.type === 'close') {
      void serially(() => db.close()).then(
        () => parentPort.postMessage({ type: 'closed' }),
        (error) => parentPort.postMessage({ type: 'closed', error: String(error) }),
      );
    }
  });
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
