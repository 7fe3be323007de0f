/**
 * A local S3-compatible server for the tests (s3rver: the S3 REST API over files in a temporary
 * folder), so the S3 storage code runs against real HTTP and the real AWS SDK without the
 * internet. Note what s3rver does not check: SigV4 signatures (presigned URLs are accepted
 * whatever their signature) and conditional headers (If-Match, x-amz-copy-source-if-match).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** The app's configuration for this server (the same variables as in production). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's built-in account. */
const ACCESS_KEY = 'S3RVER';

export async function startFakeS3(bucket = 'mosaic-test'): Promise<FakeS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'mosaic-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
