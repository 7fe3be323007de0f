/**
 * What each long task ran: a CPU profile taken with the trace, its samples grouped per task by
 * their outermost frames, named through the build's source maps (`src/…`, or the package).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { CDPSession } from 'playwright-core';
import type { LongTask } from './web-long-tasks';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Frames from the outermost kept per stack: enough to tell "the shell's chunk running" from "React rendering". */
const STACK_DEPTH = 3;

/** The app's functions listed per task, by the share of its samples they were on the stack for. */
const APP_FRAMES = 8;

export async function startCpuProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
}

/** Per long task, its most sampled stacks with their share of the task's samples. */
export async function stacksPerTask(cdp: CDPSession, tasks: LongTask[], buildDir: string): Promise<string[][]> {
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const frameName = frameNamer(buildDir);
  // Each node is named once (a source-map look-up), however many samples pass through it.
  const names = new Map<number, string>();
  const nameOf = (node: ProfileNode): string => {
    let named = names.get(node.id);
    if (named === undefined) names.set(node.id, (named = frameName(node.callFrame)));
    return named;
  };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const stackOf = (id: number): string => {
    const frames: string[] = [];
    for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
      const node = nodes.get(current)!;
      if (!node.callFrame.functionName.startsWith('(')) frames.unshift(nameOf(node));
    }
    return frames.slice(0, STACK_DEPTH).join(' > ') || '(no script: style, layout, parsing or garbage collection)';
  };
  let time = profile.startTime;
  const samples = (profile.samples ?? []).map((id, index) => ({ id, time: (time += profile.timeDeltas?.[index] ?? 0) }));
  /** The app's own functions (`…@src/…`) anywhere in a sample's stack: who rendered inside React's frames. */
  const appFramesOf = (id: number): Set<string> => {
    const frames = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
      const frame = nameOf(nodes.get(current)!);
      if (frame.includes('@src/')) frames.add(frame);
    }
    return frames;
  };
  const share = (count: number, total: number) => `${Math.round((count / total) * 100)} %`;
  return tasks.map((task) => {
    const inside = samples.filter((sample) => sample.time >= task.traceStart && sample.time <= task.traceEnd && nodes.get(sample.id)?.callFrame.functionName !== '(idle)');
    const counts = new Map<string, number>();
    const appCounts = new Map<string, number>();
    for (const sample of inside) {
      const stack = stackOf(sample.id);
      counts.set(stack, (counts.get(stack) ?? 0) + 1);
      for (const frame of appFramesOf(sample.id)) appCounts.set(frame, (appCounts.get(frame) ?? 0) + 1);
    }
    const stacks = [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([stack, count]) => `${share(count, inside.length)} ${stack}`);
    const appFrames = [...appCounts].sort((a, b) => b[1] - a[1]).slice(0, APP_FRAMES);
    return appFrames.length > 0 ? [...stacks, `the app's own, inclusive: ${appFrames.map(([frame, count]) => `${share(count, inside.length)} ${frame}`).join('; ')}`] : stacks;
  });
}

/** `function@src/file.ts:line` through the chunk's source map, or the chunk's own name without one. */
function frameNamer(buildDir: string): (frame: ProfileNode['callFrame']) => string {
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (url: string): TraceMap | null => {
    if (!maps.has(url)) {
      try {
        maps.set(url, new TraceMap(readFileSync(join(buildDir, `${new URL(url).pathname}.map`), 'utf8')));
      } catch {
        maps.set(url, null);
      }
    }
    return maps.get(url) ?? null;
  };
  return (frame) => {
    const map = frame.url.startsWith('http') ? mapOf(frame.url) : null;
    const original = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
    const fn = original?.name ?? (frame.functionName || '(anonymous)');
    if (!original?.source) return `${fn}@${frame.url.split('/').pop() || 'native'}`;
    const source = original.source.replace(/^.*node_modules\//, '').replace(/^.*?\/src\//, 'src/');
    return `${fn}@${source}:${original.line}`;
  };
}
