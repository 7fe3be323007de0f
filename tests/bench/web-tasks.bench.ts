/**
 * npm run bench:web-tasks — the signed-in Dashboard's long tasks at 4× CPU, measured from Chrome
 * traces (tests/bench/web-long-tasks.ts), BENCH_ROUNDS rounds (default 10). With
 * BENCH_BASELINE_REF=<git ref> that commit's build runs back to back with this one, alternating
 * (A B B A …), each run with the machine's load average. BENCH_PATH picks another signed-in path;
 * BENCH_TASK_STACKS=1 prints, for each build's first run, every long task with what it ran.
 * BENCH_WARM=1 traces a second visit instead (the first one's service worker in control).
 * Figures and what they led to: docs/performance.md.
 */
import path from 'node:path';
import { apiLogin, launchBrowser, registerAccount, startServer, uniqueAccount, type SessionTokens } from '../e2e/harness';
import { buildApp } from '../tools/test-build';
import { buildRef, loadNow, median } from './web-compare';
import { traceFirstVisit, LONG_TASK_MS, type LongTaskRun } from './web-long-tasks';
import { startCpuProfile, stacksPerTask } from './web-task-stacks';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const PAGE = process.env.BENCH_PATH ?? '/dashboard';
const SHOW_STACKS = process.env.BENCH_TASK_STACKS === '1';
const WARM = process.env.BENCH_WARM === '1';

interface Build {
  label: string;
  outDir: string;
  baseUrl: string;
  tokens: SessionTokens;
  runs: LongTaskRun[];
}

async function main(): Promise<void> {
  const ref = process.env.BENCH_BASELINE_REF;
  console.log(`# Long tasks of ${PAGE}${WARM ? ' (second visit)' : ''} at 4× CPU — ${new Date().toISOString()}, load average ${loadNow()}\n`);
  const outputs = [{ label: 'this build', ...(await buildApp(`tasks-${Date.now().toString(36)}`)) }];
  if (ref) outputs.push({ label: ref, ...(await buildRef(ROOT, ref)) });
  const servers = await Promise.all(outputs.map((output) => startServer({ STATIC_DIR: output.outDir })));
  const browser = await launchBrowser();
  try {
    const builds: Build[] = [];
    for (const [index, server] of servers.entries()) {
      const account = uniqueAccount('tasks');
      await registerAccount(server.baseUrl, account);
      builds.push({ label: outputs[index]!.label, outDir: outputs[index]!.outDir, baseUrl: server.baseUrl, tokens: await apiLogin(server.baseUrl, account), runs: [] });
    }
    console.log(`| Round | Build | Blocking after FCP (Σ task − ${LONG_TASK_MS} ms) | Blocking from navigation | Long tasks | Busy | FCP | LCP | Load average |`);
    console.log('|---:|---|---:|---:|---:|---:|---:|---:|---|');
    const stacks: string[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const build of round % 2 === 1 ? builds : [...builds].reverse()) {
        const loadBefore = loadNow();
        const withStacks = SHOW_STACKS && build.runs.length === 0;
        const run = await traceFirstVisit(browser, build.baseUrl, build.tokens, PAGE, {
          warm: WARM,
          beforeNavigate: withStacks ? startCpuProfile : undefined,
          afterTrace: withStacks
            ? async (cdp, traced) => {
                const perTask = await stacksPerTask(cdp, traced.longTasks, build.outDir);
                stacks.push(`\n### ${build.label}: long tasks of its first run\n`);
                traced.longTasks.forEach((task, index) => stacks.push(`- ${task.durationMs} ms at ${task.startMs} ms: ${perTask[index]!.join('; ')}`));
              }
            : undefined,
        });
        build.runs.push(run);
        console.log(`| ${round} | ${build.label} | ${run.blockingMs} ms | ${run.allBlockingMs} ms | ${run.longTasks.length} | ${run.busyMs} ms | ${run.fcpMs} ms | ${run.lcpMs} ms | ${loadBefore} → ${loadNow()} |`);
      }
    }
    console.log('\n| Build | Median blocking after FCP | Median blocking from navigation | Median busy | Median LCP |');
    console.log('|---|---:|---:|---:|---:|');
    for (const build of builds) {
      const of = (pick: (run: LongTaskRun) => number) => median(build.runs.map(pick));
      console.log(`| ${build.label} | ${of((run) => run.blockingMs)} ms | ${of((run) => run.allBlockingMs)} ms | ${of((run) => run.busyMs)} ms | ${of((run) => run.lcpMs)} ms |`);
    }
    if (stacks.length > 0) console.log(stacks.join('\n'));
  } finally {
    await browser.close();
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(outputs.map((output) => output.remove()));
  }
}

await main();
