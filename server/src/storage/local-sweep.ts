import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Deletes every file under `folder` last written before `before`, then the folders left empty
 * (not `folder` itself). A folder that vanished meanwhile (another process sweeping) is skipped.
 */
export async function sweepFilesOlderThan(folder: string, before: Date): Promise<number> {
  let removed = 0;
  const visit = async (directory: string): Promise<void> => {
    const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const entryPath = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        await visit(entryPath);
        // Fails while the folder still holds a recent file: that is the point.
        await rmdir(entryPath).catch(() => {});
      } else {
        const info = await stat(entryPath).catch(() => null);
        if (info && info.mtime < before) {
          await rm(entryPath, { force: true });
          removed += 1;
        }
      }
    }
  };
  await visit(folder);
  return removed;
}
