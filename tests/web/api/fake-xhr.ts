/**
 * A fake XMLHttpRequest at the network edge for upload tests: records what was sent, emits
 * upload progress, and answers through a handler.
 */
import { vi } from 'vitest';

export interface SentXhr {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface XhrReply {
  status: number;
  body?: unknown;
  /** Upload progress events to emit before answering, as [loaded, total]. */
  progress?: Array<[number, number]>;
  networkError?: boolean;
}

export function installFakeXhr(answer: (sent: SentXhr, nth: number) => XhrReply) {
  const sent: SentXhr[] = [];

  class FakeXhr extends EventTarget {
    status = 0;
    responseText = '';
    readonly upload = new EventTarget();
    private request: SentXhr = { method: '', url: '', headers: {}, body: null };
    private responseType = '';
    private done = false;

    open(method: string, url: string) {
      this.request = { method, url, headers: {}, body: null };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? this.responseType : null;
    }
    abort() {
      if (this.done) return;
      this.done = true;
      this.dispatchEvent(new Event('abort'));
    }
    send(body: unknown) {
      this.request.body = body;
      sent.push(this.request);
      const reply = answer(this.request, sent.length);
      setTimeout(() => {
        if (this.done) return;
        for (const [loaded, total] of reply.progress ?? []) {
          this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
        }
        this.done = true;
        if (reply.networkError) {
          this.dispatchEvent(new Event('error'));
          return;
        }
        this.status = reply.status;
        if (reply.body !== undefined) {
          this.responseText = JSON.stringify(reply.body);
          this.responseType = 'application/json';
        }
        this.dispatchEvent(new Event('load'));
      }, 0);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent };
}
