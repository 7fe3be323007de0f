/**
 * Where the server suite's log lines go. Every test app writes its log (level info: requests and
 * errors) to one file per test worker in a folder made for the run by server-log-check.ts, which
 * scans the whole folder for secrets once the suite is over. The secrets the server hands out
 * (refresh tokens, upload URLs, OAuth codes and states) are recorded next to the logs, so the
 * scan can look for those exact values as well as for known shapes.
 */
import { appendFileSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of this run's server logs (tests/helpers/server-log-check.ts). */
    serverLogDir: string;
  }
}

/** Requests and errors are logged; debug and trace are not (kept cheap for the whole suite). */
export const SUITE_LOG_LEVEL = 'info';

const SECRET_QUERY = /[?&](token|code|state|handoff|signature|x-amz-signature|x-amz-credential)=([^&"\s\\]+)/gi;
const ISSUED_TOKEN = /"(refresh_token|access_token)":"([^"]+)"/g;
/** A shared chat's link (its token is in the path): handed out by POST /agents/sessions/{id}/shares. */
const SHARE_LINK = /\/share\/([A-Za-z0-9_-]{43})/g;

let logFd: number | undefined;
let secretsFile: string | undefined;

function logDir(): string | undefined {
  try {
    return inject('serverLogDir');
  } catch {
    // Outside the server project (no global set-up): nothing to write to.
    return undefined;
  }
}

/** Appends one log line to this worker's file. */
export function writeSuiteLog(line: string): void {
  if (logFd === undefined) {
    const dir = logDir();
    if (!dir) return;
    logFd = openSync(path.join(dir, `${process.pid}-${threadId}.log`), 'a');
  }
  writeSync(logFd, line.endsWith('\n') ? line : `${line}\n`);
}

function recordIssued(label: string, value: string): void {
  if (secretsFile === undefined) {
    const dir = logDir();
    if (!dir) return;
    secretsFile = path.join(dir, `${process.pid}-${threadId}.secrets`);
  }
  appendFileSync(secretsFile, `${JSON.stringify({ label, value })}\n`);
}

/**
 * Records a secret no answer carries, so the scan looks for it too: a key the server keeps
 * (the VAPID private key), or one a test hands the server (a push subscription's endpoint and
 * auth secret).
 */
export function recordIssuedSecret(label: string, value: string): void {
  recordIssued(label, value);
}

function recordFromText(text: string): void {
  for (const [, name, value] of text.matchAll(ISSUED_TOKEN)) recordIssued(name!, value!);
  for (const [, name, value] of text.matchAll(SECRET_QUERY)) recordIssued(name!.toLowerCase(), decodeSafely(value!));
  for (const [, token] of text.matchAll(SHARE_LINK)) recordIssued('share_token', token!);
}

function decodeSafely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Records the secrets each answer hands out (token pairs, signed URLs, redirects carrying
 * OAuth state) and the ones each request brings (OAuth code and state on the callback).
 */
export function recordIssuedSecrets(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    recordFromText(request.url);
    if (typeof payload === 'string' && payload.length < 1_000_000) recordFromText(payload);
    const location = reply.getHeader('location');
    if (typeof location === 'string') recordFromText(location);
    return payload;
  });
}
