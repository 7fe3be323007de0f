import { vi } from 'vitest';

/**
 * An XMLHttpRequest whose PUTs (signed uploads) the test answers by hand, after whatever progress
 * it chooses, or cuts off as a dropped connection does (`fail`).
 */
export function installHeldXhr() {
  const held: { url: string; body: unknown; progress(loaded: number, total: number): void; answer(status: number): void; fail(): void }[] = [];
  class HeldXhr extends EventTarget {
    status = 0;
    responseText = '';
    readonly upload = new EventTarget();
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return 'application/json';
    }
    abort() {}
    send(body: unknown) {
      held.push({
        fail: () => this.dispatchEvent(new ProgressEvent('error')),
        url: this.url,
        body,
        progress: (loaded, total) => this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total })),
        answer: (status) => {
          this.status = status;
          this.responseText = JSON.stringify(status === 200 ? { object_path: 'x', size_bytes: 1 } : { detail: 'Storage is unavailable' });
          this.dispatchEvent(new Event('load'));
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', HeldXhr);
  return held;
}
