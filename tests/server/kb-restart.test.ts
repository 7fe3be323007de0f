import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/database';
import { registerOwner } from '../helpers/server';
import { openTestDatabase } from '../helpers/server-database';
import { BRAND_GUIDELINES, MIME } from './kb-fixtures';
import { createKbTestApp, documentStatus, search, uploadFile, waitForProcessed } from './kb-helpers';

describe('document processing across a restart', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase());
  });
  afterAll(() => dispose());

  it('a document committed before a restart is processed by the server that comes back', async () => {
    // The first server accepts the upload but stops before any worker runs the job.
    const first = await createKbTestApp({ database, env: { JOB_WORKERS: 'false' } });
    const owner = await registerOwner(first.app);
    const caller = { token: owner.access_token, spaceId: owner.defaultSpace.id };
    const { commit } = await uploadFile(first.app, caller, { filename: 'brand.txt', contentType: MIME.txt, bytes: Buffer.from(BRAND_GUIDELINES) });
    const id = commit.json().id as string;
    expect((await documentStatus(first.app, caller, id)).json().status).toBe('processing');
    const storageDir = first.storageDir;
    await first.app.close();

    // Same database and storage, workers on: the queued job runs.
    const second = await createKbTestApp({ database, env: { STORAGE_DIR: storageDir } });
    try {
      const done = await waitForProcessed(second.app, caller, id);
      expect(done).toMatchObject({ status: 'ready', category: 'brand' });
      expect((await search(second.app, caller, 'tone of voice')).json().contexts[0].document_id).toBe(id);
    } finally {
      await second.close();
      await first.close().catch(() => {});
    }
  });
});
