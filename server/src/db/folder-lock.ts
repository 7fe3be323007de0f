import { link, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';

/**
 * One process per embedded database folder. PGlite keeps the cluster's state in its own memory
 * and writes it back to the folder: two processes on one folder (a second server, or
 * `npm run admin:create` beside a running one) would each write what the other cannot see, and
 * the folder would end up with whichever wrote last. So the first opener writes `<folder>.lock`
 * naming itself, and every other opener is refused while that process lives.
 *
 * A lock left by a process that is gone (killed, crashed) is taken over: its process id no longer
 * runs on this machine. A lock written on another machine (a shared disk) is never taken over,
 * because whether its process runs cannot be checked from here.
 */
export class FolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${folder} is in use by another Mosaic process (process ${holder.pid} on ${holder.host}, since ${holder.since}). ` +
        'A database folder can be opened by one process at a time: stop that process first, or set DATA_DIR to another folder. ' +
        `If that process no longer runs, delete ${folder}.lock.`,
    );
    this.name = 'FolderInUseError';
  }
}

interface LockHolder {
  pid: number;
  host: string;
  since: string;
}

/** Folders this process holds: a lock naming this process's id but not listed here is a previous process's (a restarted container reuses its id). */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(lockFile: string): Promise<LockHolder | undefined> {
  try {
    const holder = JSON.parse(await readFile(lockFile, 'utf8')) as Partial<LockHolder>;
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? { pid: holder.pid, host: holder.host, since: String(holder.since) } : undefined;
  } catch {
    // Gone since, or unreadable: nobody holds it.
    return undefined;
  }
}

/** Takes the folder for this process; the function returned gives it back. */
export async function holdFolder(folder: string): Promise<() => Promise<void>> {
  const lockFile = `${folder}.lock`;
  const self: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  // Written whole under a name of its own, then linked into place: the link is made by this call
  // or not at all (EEXIST), so two openers cannot both succeed, and nobody reads a half-written lock.
  const draft = `${lockFile}.${process.pid}.tmp`;
  await writeFile(draft, JSON.stringify(self));
  try {
    // Twice at most: once more after removing a lock its holder left behind.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        await link(draft, lockFile);
        heldHere.add(lockFile);
        return async () => {
          heldHere.delete(lockFile);
          await rm(lockFile, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = await readHolder(lockFile);
        const heldByThisProcess = heldHere.has(lockFile) && holder?.pid === process.pid;
        if (holder && (heldByThisProcess || holder.host !== self.host || isRunning(holder.pid))) throw new FolderInUseError(folder, holder);
        await rm(lockFile, { force: true });
      }
    }
  } finally {
    await rm(draft, { force: true });
  }
  const holder = await readHolder(lockFile);
  throw new FolderInUseError(folder, holder ?? { pid: Number.NaN, host: 'unknown', since: 'unknown' });
}
