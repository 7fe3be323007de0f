/**
 * Global set-up of the server test project: gives the run a log folder (every test app writes
 * its log there, tests/helpers/server-log-sink.ts) and, when the suite is over, scans all of it
 * for secrets. Any finding fails the run (exit status 1) and keeps the folder for inspection;
 * KEEP_SERVER_LOGS=1 keeps it in any case.
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { IssuedSecrets, scanLogLines, type SecretFinding } from './log-secrets';

async function readIssuedSecrets(dir: string, files: string[]): Promise<IssuedSecrets> {
  const issued = new IssuedSecrets();
  for (const file of files.filter((name) => name.endsWith('.secrets'))) {
    for (const line of (await readFile(path.join(dir, file), 'utf8')).split('\n')) {
      if (!line) continue;
      const { label, value } = JSON.parse(line) as { label: string; value: string };
      issued.add(value, label);
    }
  }
  return issued;
}

/** Scans every log file of `dir`; returns the findings and how much was read. */
export async function scanLogFolder(dir: string): Promise<{ findings: SecretFinding[]; lines: number; issued: number }> {
  const files = await readdir(dir);
  const issued = await readIssuedSecrets(dir, files);
  const findings: SecretFinding[] = [];
  let lines = 0;
  for (const file of files.filter((name) => name.endsWith('.log'))) {
    const content = (await readFile(path.join(dir, file), 'utf8')).split('\n');
    lines += content.length;
    findings.push(...scanLogLines(content, issued, path.join(dir, file)));
  }
  return { findings, lines, issued: issued.size };
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'mosaic-server-logs-'));
  project.provide('serverLogDir', dir);
  return async () => {
    const { findings, lines, issued } = await scanLogFolder(dir);
    if (findings.length === 0) {
      if (!process.env.KEEP_SERVER_LOGS) await rm(dir, { recursive: true, force: true });
      console.log(`Server logs: ${lines} lines scanned for secrets (${issued} issued secrets checked), none found.`);
      return;
    }
    const shown = findings.slice(0, 20).map((finding) => `  ${finding.kind} at ${finding.location}: …${finding.excerpt}…`);
    // An error thrown by a global teardown is printed but does not change the exit status.
    process.exitCode = 1;
    throw new Error(
      `Secrets found in the server logs (${findings.length} lines; logs kept in ${dir}):\n${shown.join('\n')}`,
    );
  };
}
