/**
 * Lighthouse on two builds back to back (BENCH_BASELINE_REF=<git ref> npm run bench:web): the
 * machine is shared and its load moves the mobile preset's figures by tens of points, so two builds
 * are only compared run against run, alternating (A B B A A B …), with the load average written
 * beside every figure. The baseline is the given commit's source built with this checkout's
 * packages; both builds are served by this checkout's server (its API is a superset of the past).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionTokens } from '../e2e/harness';
import { runLighthouse, type LighthouseScore } from './web-lighthouse';

export interface BuildUnderTest {
  label: string;
  baseUrl: string;
  tokens: SessionTokens;
}

export interface ComparedRun {
  build: string;
  path: string;
  round: number;
  /** 1-minute load average when the run started, and when it ended. */
  loadBefore: number;
  loadAfter: number;
  score: LighthouseScore;
}

/** The one-minute load average, to one decimal. */
export const loadNow = () => Math.round(loadavg()[0]! * 10) / 10;

/** Builds `ref` of the repository at `root` into a temporary folder, with this checkout's node_modules. */
export async function buildRef(root: string, ref: string): Promise<{ outDir: string; remove(): Promise<void> }> {
  const source = await mkdtemp(join(tmpdir(), 'mosaic-baseline-src-'));
  const outDir = await mkdtemp(join(tmpdir(), 'mosaic-baseline-build-'));
  const archive = spawnSync('sh', ['-c', `git -C "${root}" archive "${ref}" | tar -x -C "${source}"`], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (archive.status !== 0) throw new Error(`could not check out ${ref}`);
  await symlink(join(root, 'node_modules'), join(source, 'node_modules'));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: source,
      env: { ...process.env, NODE_ENV: 'production', VITE_BUILD_ID: `baseline-${ref}` },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build of ${ref} exited with ${code}`))));
  });
  await rm(source, { recursive: true, force: true });
  return { outDir, remove: () => rm(outDir, { recursive: true, force: true }) };
}

/**
 * `rounds` rounds; in each, every path is audited on every build, the builds' order alternating
 * from round to round so neither always runs first (ABBA), each run with its load average.
 */
export async function compareLighthouse(builds: BuildUnderTest[], paths: readonly string[], rounds: number): Promise<ComparedRun[]> {
  const runs: ComparedRun[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    const order = round % 2 === 1 ? builds : [...builds].reverse();
    for (const path of paths) {
      for (const build of order) {
        const loadBefore = loadNow();
        const [score] = await runLighthouse(build.baseUrl, build.tokens, ['mobile'], [path]);
        runs.push({ build: build.label, path, round, loadBefore, loadAfter: loadNow(), score: score! });
      }
    }
  }
  return runs;
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
};

/** Markdown: every run, then the medians per build and path. */
export function printComparison(runs: ComparedRun[]): void {
  console.log('| Round | Page | Build | Performance | TBT | LCP | FCP | Load average (start → end) |');
  console.log('|---:|---|---|---:|---:|---:|---:|---|');
  for (const run of runs) {
    const { performance } = run.score.scores;
    const { tbt, lcp, fcp } = run.score.metrics;
    console.log(`| ${run.round} | ${run.path} | ${run.build} | ${performance} | ${tbt} ms | ${lcp} ms | ${fcp} ms | ${run.loadBefore} → ${run.loadAfter} |`);
  }
  console.log('\n| Page | Build | Median performance | Median TBT | Median LCP | Load average (median of starts) |');
  console.log('|---|---|---:|---:|---:|---:|');
  const keys = [...new Set(runs.map((run) => `${run.path}\u0000${run.build}`))];
  for (const key of keys) {
    const [path, build] = key.split('\u0000') as [string, string];
    const mine = runs.filter((run) => run.path === path && run.build === build);
    console.log(
      `| ${path} | ${build} | ${median(mine.map((run) => run.score.scores.performance))} | ${median(mine.map((run) => run.score.metrics.tbt))} ms | ${median(mine.map((run) => run.score.metrics.lcp))} ms | ${median(mine.map((run) => run.loadBefore * 10)) / 10} |`,
    );
  }
}
