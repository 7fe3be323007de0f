import { Duplex } from 'node:stream';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';

/** The embedded database's thread: plain JavaScript (pglite-worker.mjs explains why it is a thread). */
const WORKER_ENTRY = new URL('./pglite-worker.mjs', import.meta.url);

export interface PgliteThreadOptions {
  /** The cluster's folder; undefined keeps it in memory. */
  dataDir?: string;
  /** A cluster saved with PGlite's `dumpDataDir`, started from instead of a new one. */
  loadDataDir?: Uint8Array;
  /** Server settings on top of PGlite's defaults (`-c name=value` pairs). */
  settings: string[];
}

export interface PgliteThread {
  /** A new connection, as the stream node-postgres reads and writes (its `stream` option). */
  connect(): Duplex;
  /** Closes the database (written to its folder) and ends the thread. */
  close(): Promise<void>;
}

/**
 * One connection to the database thread, shaped like the socket node-postgres expects: bytes
 * written are sent over a MessagePort, bytes the thread answers are read. `connect` succeeds at
 * once (there is no network to reach).
 */
class PortSocket extends Duplex {
  constructor(private readonly port: MessagePort) {
    super();
    port.on('message', (data: Uint8Array) => this.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength)));
    port.once('close', () => this.push(null));
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  /** node-postgres' pool lets an idle connection stop keeping the process alive, as with a socket. */
  ref(): this {
    this.port.ref();
    return this;
  }

  unref(): this {
    this.port.unref();
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    // A copy of exactly these bytes, handed over rather than cloned (node-postgres reuses its buffers).
    const copy = new Uint8Array(chunk);
    this.port.postMessage(copy, [copy.buffer]);
    callback();
  }

  /**
   * node-postgres corks the stream around a query's messages (Parse, Bind, Describe, Execute,
   * Sync): they go over as one message, so the thread wakes once and runs them as one batch.
   * Without this each was a message of its own, a wake-up and a separate run of the database
   * for each, five per query (docs/agents.md, "Send → first streamed character").
   */
  override _writev(chunks: Array<{ chunk: Buffer }>, callback: (error?: Error | null) => void): void {
    const copy = new Uint8Array(chunks.reduce((total, { chunk }) => total + chunk.byteLength, 0));
    let offset = 0;
    for (const { chunk } of chunks) {
      copy.set(chunk, offset);
      offset += chunk.byteLength;
    }
    this.port.postMessage(copy, [copy.buffer]);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.port.close();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.port.close();
    callback(error);
  }
}

/** Starts the database thread and waits until the database is open (or says why it could not be). */
export async function startPgliteThread(options: PgliteThreadOptions): Promise<PgliteThread> {
  // A copy the thread takes over (transferred, not cloned): the caller keeps its bytes for the
  // next database. Copying a typed array is one memcpy; `Blob.arrayBuffer()` on the same 40 MB
  // cost about twice that, once per test app.
  const loadDataDir = options.loadDataDir ? new Uint8Array(options.loadDataDir).buffer : undefined;
  const worker = new Worker(WORKER_ENTRY, {
    workerData: { dataDir: options.dataDir, loadDataDir, settings: options.settings },
    transferList: loadDataDir ? [loadDataDir] : [],
  });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { type: string; message?: string }) => {
      if (message.type === 'ready') settle(null);
      if (message.type === 'failed') settle(new Error(`the embedded database could not be opened: ${message.message}`));
    };
    const onExit = (code: number) => settle(new Error(`the embedded database's thread ended while opening (exit code ${code})`));
    const settle = (error: Error | null) => {
      worker.off('message', onMessage);
      worker.off('error', settle);
      worker.off('exit', onExit);
      if (error) void worker.terminate().finally(() => reject(error));
      else resolve();
    };
    worker.on('message', onMessage);
    worker.on('error', settle);
    worker.on('exit', onExit);
  });

  let closing: Promise<void> | undefined;
  return {
    connect() {
      const { port1, port2 } = new MessageChannel();
      worker.postMessage({ type: 'connect', port: port2 }, [port2]);
      return new PortSocket(port1);
    },
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        worker.on('message', (message: { type: string; error?: string }) => {
          if (message.type !== 'closed') return;
          void worker.terminate().then(() => (message.error ? reject(new Error(message.error)) : resolve()));
        });
        worker.once('exit', () => resolve());
        worker.postMessage({ type: 'close' });
      });
      return closing;
    },
  };
}
