/**
 * A local stand-in for an OpenAI-compatible image server at the network edge: real HTTP and the
 * real POST /v1/images/generations wire format ({model, prompt, n, size, response_format} in;
 * {created, data: [{b64_json, revised_prompt}]} out). Each picture is a real PNG whose colour is
 * derived from the prompt, so a test can tell two generations apart by their pixels.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { closeHttpServer } from './close-http-server';

export interface ImageGenerationRequest {
  model: string;
  prompt: string;
  n?: number;
  size?: string;
  response_format?: string;
}

export interface FakeImageBehaviour {
  /** Answer with this status and an OpenAI-style error body. */
  failWith?: { status: number; message: string };
  /** Answer 200 with bytes that are not an image. */
  sendNotAnImage?: boolean;
}

export interface FakeImageApi {
  /** Base URL including /v1 (OPENAI_BASE_URL or OPENAI_COMPATIBLE_BASE_URL). */
  baseUrl: string;
  requests: ImageGenerationRequest[];
  authorizations: (string | undefined)[];
  behave(next: FakeImageBehaviour): void;
  close(): Promise<void>;
}

/** The colour the stand-in paints for a prompt. */
export function colourOfPrompt(prompt: string): { r: number; g: number; b: number } {
  const digest = createHash('sha256').update(prompt).digest();
  return { r: digest[0]!, g: digest[1]!, b: digest[2]! };
}

async function readJson(request: IncomingMessage): Promise<ImageGenerationRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ImageGenerationRequest;
}

export async function startFakeImageApi(initial: FakeImageBehaviour = {}): Promise<FakeImageApi> {
  let behaviour = initial;
  const requests: ImageGenerationRequest[] = [];
  const authorizations: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/images/generations')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }));
        return;
      }
      const body = await readJson(req);
      requests.push(body);
      authorizations.push(req.headers.authorization);
      if (behaviour.failWith) {
        res
          .writeHead(behaviour.failWith.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: behaviour.failWith.message, type: 'invalid_request_error', code: 'content_policy_violation' } }));
        return;
      }
      const [width, height] = (body.size ?? '1024x1024').split('x').map(Number) as [number, number];
      const png = behaviour.sendNotAnImage
        ? Buffer.from('definitely not a picture')
        : await sharp({ create: { width: Math.round(width / 4), height: Math.round(height / 4), channels: 3, background: colourOfPrompt(body.prompt) } }).png().toBuffer();
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          created: Math.floor(Date.now() / 1000),
          data: Array.from({ length: body.n ?? 1 }, () => ({ b64_json: png.toString('base64'), revised_prompt: body.prompt })),
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    authorizations,
    behave(next) {
      behaviour = next;
    },
    close: () => closeHttpServer(server),
  };
}
