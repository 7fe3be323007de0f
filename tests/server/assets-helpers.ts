/** Driving the Creative Assets API the way the browser does, and the files the tests upload. */
import { createDeflate } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import type { Asset } from '../../src/contract/assets';
import { API, authHeaders } from '../helpers/server';
import { sha256 } from './kb-fixtures';
import { putToSigned, type Caller, type SignedUploadBody } from './kb-helpers';

export { createKbTestApp as createAssetsTestApp, type Caller, type KbTestApp as AssetsTestApp } from './kb-helpers';

export function call(app: FastifyInstance, caller: Caller, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, payload?: object) {
  return app.inject({ method, url: `${API}${path}`, headers: authHeaders(caller.token, caller.spaceId), ...(payload === undefined ? {} : { payload }) });
}

export function signAsset(app: FastifyInstance, caller: Caller, filename: string, contentType: string, size?: number) {
  const query = new URLSearchParams({ filename, content_type: contentType, ...(size === undefined ? {} : { size: String(size) }) });
  return call(app, caller, 'POST', `/assets/uploads/sign?${query}`);
}

export interface AssetUpload {
  signed: SignedUploadBody;
  commit: LightMyRequestResponse;
  hash: string;
}

/** Sign → PUT → commit, as the browser does; the commit answer is returned unchecked. */
export async function uploadAsset(
  app: FastifyInstance,
  caller: Caller,
  file: { filename: string; contentType: string; bytes: Buffer },
  extra: Record<string, unknown> = {},
): Promise<AssetUpload> {
  const signedResponse = await signAsset(app, caller, file.filename, file.contentType, file.bytes.length);
  if (signedResponse.statusCode !== 200) throw new Error(`sign failed: ${signedResponse.statusCode} ${signedResponse.body}`);
  const signed = signedResponse.json<SignedUploadBody>();
  const put = await putToSigned(app, signed.url, file.bytes, signed.headers['Content-Type']!);
  if (put.statusCode !== 200) throw new Error(`PUT failed: ${put.statusCode} ${put.body}`);
  const hash = sha256(file.bytes);
  const commit = await call(app, caller, 'POST', '/assets/uploads/commit', {
    object_path: signed.object_path,
    filename: file.filename,
    size: file.bytes.length,
    mime: signed.content_type,
    hash,
    ...extra,
  });
  return { signed, commit, hash };
}

/** Uploads and expects the commit to be accepted; answers the new asset. */
export async function addAsset(app: FastifyInstance, caller: Caller, file: { filename: string; contentType: string; bytes: Buffer }, extra: Record<string, unknown> = {}): Promise<Asset> {
  const { commit } = await uploadAsset(app, caller, file, extra);
  if (commit.statusCode !== 201) throw new Error(`commit failed: ${commit.statusCode} ${commit.body}`);
  return commit.json<Asset>();
}

/** Reads the asset until its thumbnail job has finished (ready or error). */
export async function waitForAsset(app: FastifyInstance, caller: Caller, id: string, timeoutMs = 60_000): Promise<Asset & { content: string | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await call(app, caller, 'GET', `/assets/${id}`);
    if (response.statusCode !== 200) throw new Error(`asset read failed: ${response.statusCode} ${response.body}`);
    const asset = response.json<Asset & { content: string | null }>();
    if (asset.status !== 'processing') return asset;
    if (Date.now() > deadline) throw new Error(`asset ${id} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// --- Files

/** A real photograph-like PNG: a colour gradient with a block, so resizing has something to keep. */
export async function pngImage(width: number, height: number, colour = { r: 220, g: 80, b: 40 }): Promise<Buffer> {
  const block = await sharp({ create: { width: Math.max(1, Math.round(width / 3)), height: Math.max(1, Math.round(height / 3)), channels: 3, background: { r: 20, g: 60, b: 200 } } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: block, top: Math.round(height / 3), left: Math.round(width / 3) }])
    .png()
    .toBuffer();
}

export async function jpegImage(width: number, height: number): Promise<Buffer> {
  return sharp(await pngImage(width, height, { r: 30, g: 160, b: 90 })).jpeg({ quality: 85 }).toBuffer();
}

/** A JPEG cut off after its first third: the header is fine, the picture data is not. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await jpegImage(800, 600);
  return whole.subarray(0, Math.floor(whole.length / 3));
}

/** Bytes that claim to be a PNG (by name and type) and are not an image at all. */
export function notAnImage(): Buffer {
  return Buffer.from('This is a text file that someone renamed to banner.png', 'utf8');
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/**
 * A decompression bomb: a small PNG whose header declares `side` × `side` grey pixels and whose
 * data really inflates to all of them (side² bytes of zeros, deflated ≈ 1000:1, streamed so the
 * test never holds the picture).
 */
export async function pngBomb(side: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rowsPerWrite = 64;
  const rows = Buffer.alloc(rowsPerWrite * (side + 1)); // each row: filter byte 0, then zero pixels
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  for (let done = 0; done < side; done += rowsPerWrite) {
    const slice = rows.subarray(0, Math.min(rowsPerWrite, side - done) * (side + 1));
    if (!deflate.write(slice)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  const idat = Buffer.concat(out);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A one-page brochure PDF with a coloured banner and a title, plus more pages of text. */
export async function brochurePdf(title: string, pages = 1, lines: string[] = []): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.HelveticaBold);
  for (let index = 0; index < pages; index += 1) {
    const page = document.addPage([595, 842]);
    if (index === 0) {
      page.drawRectangle({ x: 0, y: 620, width: 595, height: 222, color: rgb(0.12, 0.35, 0.8) });
      page.drawText(title, { x: 48, y: 720, size: 40, font, color: rgb(1, 1, 1) });
    }
    lines.forEach((line, lineIndex) => page.drawText(line, { x: 48, y: 560 - lineIndex * 24, size: 14, font, color: rgb(0.1, 0.1, 0.1) }));
  }
  return Buffer.from(await document.save());
}

/** Pixel colour at a point of an image (to show a thumbnail is the picture, not a placeholder). */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<{ r: number; g: number; b: number }> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return { r: data[offset]!, g: data[offset + 1]!, b: data[offset + 2]! };
}
