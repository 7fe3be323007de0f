import { vi } from 'vitest';

/**
 * An XMLHttpRequest whose PUTs (signed uploads) the test answers by hand, after whatever progress
 * it chooses, or cuts off as a dropped connection does (`fail`). `aborted` says whether the page
 * aborted it (as a real XMLHttpRequest does, `abort()` fires "abort").
 */
export function installHeldXhr() {
  const held: { url: string; body: unknown; readonly aborted: boolean; progress(loaded: number, total: number): void; answer(status: number): void; fail(): void }[] = [];
  class HeldXhr extends EventTarget {
    status = 0;
    responseText = '';
    readonly upload = new EventTarget();
    private url = '';
    aborted = false;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return 'application/json';
    }
    abort() {
      this.aborted = true;
      this.dispatchEvent(new Event('abort'));
    }
    send(body: unknown) {
      const isAborted = () => this.aborted;
      held.push({
        get aborted() {
          return isAborted();
        },
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
