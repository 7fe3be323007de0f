/**
 * Which of a queue's workers in this process to wake for a job just sent. Waking every worker
 * made each of them run a fetch query at once (eight for the agent runs), and on the embedded
 * database, whose one connection runs queries one at a time, the job's own first query then
 * waited behind all of them. One worker per job is enough: an idle one when there is one, taken in
 * turn so that jobs sent in quick succession go to different workers; when all are busy, the next
 * in turn, which fetches again as soon as its job is done instead of sleeping out its interval.
 */
export interface RotatingWorker {
  id: string;
  /** Inside its handler: a wake-up now only shortens the pause after the job. */
  busy: boolean;
}

export class WorkerRotation {
  private readonly workers = new Map<string, RotatingWorker[]>();
  private readonly turn = new Map<string, number>();

  add(queue: string, worker: RotatingWorker): void {
    this.workers.set(queue, [...(this.workers.get(queue) ?? []), worker]);
  }

  /** The worker to wake for a new job of `queue`, or undefined when the queue has none here. */
  next(queue: string): RotatingWorker | undefined {
    const workers = this.workers.get(queue) ?? [];
    if (workers.length === 0) return undefined;
    const start = this.turn.get(queue) ?? 0;
    const inTurn = workers.map((_, offset) => workers[(start + offset) % workers.length]!);
    const chosen = inTurn.find((worker) => !worker.busy) ?? inTurn[0]!;
    this.turn.set(queue, (workers.indexOf(chosen) + 1) % workers.length);
    return chosen;
  }
}
