import type { HashRequest, HashResponse } from '../../workers/sha256.worker';
import { streamSha256 } from '../../workers/stream-sha256';

/**
 * SHA-256 of files in Web Workers (a small pool), so hashing hundreds of files or one of 1 GB
 * never blocks the page. Without Worker support (old browsers, tests) the same streaming code
 * runs on the main thread.
 */

/** Two workers: file reads are I/O-bound past that, and the page keeps a core for itself. */
const POOL_SIZE = 2;

interface Pending {
  resolve: (hash: string) => void;
  reject: (error: Error) => void;
  onProgress?: (fraction: number) => void;
}

class HashWorkerPool {
  private readonly workers: Worker[] = [];
  private readonly busy = new Map<Worker, number>();
  private readonly pending = new Map<number, Pending>();
  private readonly queue: { request: HashRequest; pending: Pending }[] = [];
  private nextId = 1;

  hash(file: Blob, onProgress?: (fraction: number) => void): Promise<string> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, file }, pending: { resolve, reject, onProgress } });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const worker = this.idleWorker();
      if (!worker) return;
      const { request, pending } = this.queue.shift()!;
      this.pending.set(request.id, pending);
      this.busy.set(worker, request.id);
      worker.postMessage(request);
    }
  }

  private idleWorker(): Worker | undefined {
    const idle = this.workers.find((worker) => !this.busy.has(worker));
    if (idle || this.workers.length >= POOL_SIZE) return idle;
    const worker = new Worker(new URL('../../workers/sha256.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<HashResponse>) => this.onMessage(worker, event.data));
    worker.addEventListener('error', (event) => this.onCrash(worker, event.message || 'The hashing worker stopped'));
    this.workers.push(worker);
    return worker;
  }

  private onMessage(worker: Worker, message: HashResponse): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if ('progress' in message) {
      pending.onProgress?.(message.progress);
      return;
    }
    this.pending.delete(message.id);
    this.busy.delete(worker);
    if ('hash' in message) pending.resolve(message.hash);
    else pending.reject(new Error(message.error));
    this.pump();
  }

  private onCrash(worker: Worker, reason: string): void {
    const id = this.busy.get(worker);
    this.busy.delete(worker);
    this.workers.splice(this.workers.indexOf(worker), 1);
    worker.terminate();
    if (id !== undefined) {
      this.pending.get(id)?.reject(new Error(reason));
      this.pending.delete(id);
    }
    this.pump();
  }
}

let pool: HashWorkerPool | undefined;

/** The SHA-256 of a file as lowercase hex; `onProgress` gets 0–1 as the file is read. */
export function hashFile(file: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  if (typeof Worker === 'undefined') return streamSha256(file, onProgress);
  pool ??= new HashWorkerPool();
  return pool.hash(file, onProgress);
}
