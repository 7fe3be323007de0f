/**
 * XMLHttpRequest transport for uploads: fetch cannot report upload progress, XHR can
 * (spec 000 §7 "reporting progress in percent").
 */
import { httpError } from './errors';
import { reportNetworkSuccess } from '../pwa/connectivity.store';

export interface XhrRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: XMLHttpRequestBodyInit | null;
  signal: AbortSignal;
  onProgress?: (percent: number) => void;
  /** Used to map a 401 on a GA4 path; defaults to the URL. */
  errorPath?: string;
}

export function sendWithXhr(request: XhrRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);

    if (request.onProgress) {
      const report = request.onProgress;
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable && event.total > 0) report(Math.round((event.loaded / event.total) * 100));
      });
    }

    const onAbort = () => xhr.abort();
    request.signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => request.signal.removeEventListener('abort', onAbort);

    xhr.addEventListener('load', () => {
      settle();
      // Any status means the other end answered (no service worker caches uploads).
      reportNetworkSuccess();
      const body = parseBody(xhr);
      if (xhr.status >= 200 && xhr.status < 300) {
        request.onProgress?.(100);
        resolve(body);
      } else {
        reject(httpError(xhr.status, body ?? null, request.errorPath ?? request.url));
      }
    });
    // Like fetch: no response at all is a TypeError, which the catalogue reads as a network error.
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('Network request failed'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The request was aborted', 'AbortError'));
    });

    if (request.signal.aborted) {
      // An unsent XHR fires no abort event, so settle here.
      settle();
      reject(new DOMException('The request was aborted', 'AbortError'));
      return;
    }
    xhr.send(request.body);
  });
}

function parseBody(xhr: XMLHttpRequest): unknown {
  if (xhr.status === 204 || xhr.responseText === '') return undefined;
  const type = xhr.getResponseHeader('Content-Type') ?? '';
  if (!type.includes('json')) return xhr.responseText;
  try {
    return JSON.parse(xhr.responseText) as unknown;
  } catch {
    return xhr.responseText;
  }
}
