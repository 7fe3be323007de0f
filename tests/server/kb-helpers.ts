/** Driving the knowledge-base API the way the browser does: sign → PUT → commit → poll. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { kbDocuments } from '../../server/src/db/schema/index';
import { API, authHeaders, createTestApp, type TestApp, type TestAppOptions } from '../helpers/server';
import { sha256 } from './kb-fixtures';

export interface KbTestApp extends TestApp {
  storageDir: string;
}

/** The real app with its own temporary storage folder (removed on close). */
export async function createKbTestApp(options: TestAppOptions = {}): Promise<KbTestApp> {
  const storageDir = await mkdtemp(path.join(tmpdir(), 'mosaic-kb-storage-'));
  const t = await createTestApp({ ...options, env: { STORAGE_DIR: storageDir, ...options.env } });
  return {
    ...t,
    storageDir,
    close: async () => {
      await t.close();
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

export interface Caller {
  token: string;
  spaceId: string;
}

export interface SignedUploadBody {
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  object_path: string;
  content_type: string;
}

export function sign(app: FastifyInstance, caller: Caller, filename: string, contentType: string, size?: number) {
  const query = new URLSearchParams({ filename, content_type: contentType, ...(size === undefined ? {} : { size: String(size) }) });
  return app.inject({ method: 'POST', url: `${API}/kb/uploads/sign?${query}`, headers: authHeaders(caller.token, caller.spaceId) });
}

/** PUT to a signed URL as a browser would (no bearer token: the URL is the permission). */
export function putToSigned(app: FastifyInstance, url: string, bytes: Buffer, contentType: string) {
  return app.inject({ method: 'PUT', url, headers: { 'content-type': contentType }, payload: bytes });
}

/**
 * The same token with its signature changed in its first character. Always differs from the
 * original (overwriting the tail with fixed characters matches it once in ~1,000 signatures).
 */
export function withTamperedSignature(token: string): string {
  const [body, mac] = token.split('.');
  const first = mac!.charAt(0) === 'A' ? 'B' : 'A';
  return `${body}.${first}${mac!.slice(1)}`;
}

/** A signed link (`…?token=…`) whose token signature was tampered with. */
export function withTamperedLink(url: string): string {
  return url.replace(/token=([^&]+)/, (_, token: string) => `token=${withTamperedSignature(token)}`);
}

export function commit(app: FastifyInstance, caller: Caller, payload: object) {
  return app.inject({ method: 'POST', url: `${API}/kb/uploads/commit`, headers: authHeaders(caller.token, caller.spaceId), payload });
}

export interface UploadResult {
  signed: SignedUploadBody;
  commit: LightMyRequestResponse;
  hash: string;
}

/** The whole browser flow for one file; returns the commit answer (not checked). */
export async function uploadFile(
  app: FastifyInstance,
  caller: Caller,
  file: { filename: string; contentType: string; bytes: Buffer },
  extra: Record<string, unknown> = {},
): Promise<UploadResult> {
  const signedResponse = await sign(app, caller, file.filename, file.contentType, file.bytes.length);
  if (signedResponse.statusCode !== 200) throw new Error(`sign failed: ${signedResponse.statusCode} ${signedResponse.body}`);
  const signed = signedResponse.json<SignedUploadBody>();
  const put = await putToSigned(app, signed.url, file.bytes, signed.headers['Content-Type']!);
  if (put.statusCode !== 200) throw new Error(`PUT failed: ${put.statusCode} ${put.body}`);
  const hash = sha256(file.bytes);
  const committed = await commit(app, caller, {
    object_path: signed.object_path,
    filename: file.filename,
    size: file.bytes.length,
    mime: signed.content_type,
    hash,
    auto_categorized: true,
    category: null,
    subcategory: null,
    ...extra,
  });
  return { signed, commit: committed, hash };
}

export interface DocumentBody {
  id: string;
  filename: string;
  status: 'uploading' | 'processing' | 'ready' | 'error';
  error_message: string | null;
  category: string | null;
  subcategory: string | null;
  auto_categorized: boolean;
  confidence_score: number | null;
  passage_count: number;
  hash: string;
  size_bytes: number;
  mime_type: string;
  rag_file_id: string | null;
}

export async function documentStatus(app: FastifyInstance, caller: Caller, id: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `${API}/kb/documents/${id}/status`, headers: authHeaders(caller.token, caller.spaceId) });
}

/** Polls the status endpoint until the document is ready or in error (the job runs in-process). */
export async function waitForProcessed(app: FastifyInstance, caller: Caller, id: string, timeoutMs = 20_000): Promise<DocumentBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await documentStatus(app, caller, id);
    const body = response.json<DocumentBody>();
    if (response.statusCode !== 200) throw new Error(`status failed: ${response.statusCode} ${response.body}`);
    if (body.status === 'ready' || body.status === 'error') return body;
    if (Date.now() > deadline) throw new Error(`document ${id} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function search(app: FastifyInstance, caller: Caller, query: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({ query, ...extra });
  return app.inject({ method: 'GET', url: `${API}/kb/search?${params}`, headers: authHeaders(caller.token, caller.spaceId) });
}

/** Where a document's file is stored (the key the processing job reads). */
export async function documentObjectPath(t: TestApp, documentId: string): Promise<string> {
  const [row] = await t.database.db.select({ objectPath: kbDocuments.objectPath }).from(kbDocuments).where(eq(kbDocuments.id, documentId));
  if (!row) throw new Error(`no document ${documentId}`);
  return row.objectPath;
}
