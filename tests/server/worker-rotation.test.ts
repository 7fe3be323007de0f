/** One worker woken per job sent (server/src/jobs/worker-rotation.ts). */
import { describe, expect, it } from 'vitest';
import { WorkerRotation, type RotatingWorker } from '../../server/src/jobs/worker-rotation';

const workers = (count: number): RotatingWorker[] => Array.from({ length: count }, (_, index) => ({ id: `w${index}`, busy: false }));

describe('WorkerRotation', () => {
  it('wakes nobody for a queue without workers in this process', () => {
    expect(new WorkerRotation().next('agent-run')).toBeUndefined();
  });

  it('gives jobs sent in quick succession to different workers, in turn', () => {
    const rotation = new WorkerRotation();
    for (const worker of workers(3)) rotation.add('agent-run', worker);
    expect(['a', 'b', 'c', 'd'].map(() => rotation.next('agent-run')!.id)).toEqual(['w0', 'w1', 'w2', 'w0']);
  });

  it('skips busy workers, and falls back to the next in turn when all are busy', () => {
    const rotation = new WorkerRotation();
    const [first, second, third] = workers(3);
    for (const worker of [first!, second!, third!]) rotation.add('agent-run', worker);
    first!.busy = true;
    second!.busy = true;
    expect(rotation.next('agent-run')!.id).toBe('w2');
    third!.busy = true;
    expect(rotation.next('agent-run')!.id).toBe('w0');
    expect(rotation.next('agent-run')!.id).toBe('w1');
  });

  it('keeps queues apart', () => {
    const rotation = new WorkerRotation();
    rotation.add('agent-run', { id: 'run', busy: false });
    rotation.add('process-document', { id: 'doc', busy: false });
    expect(rotation.next('process-document')!.id).toBe('doc');
    expect(rotation.next('agent-run')!.id).toBe('run');
  });
});
