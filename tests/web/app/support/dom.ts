/**
 * Browser features jsdom lacks but Radix needs (ResizeObserver, pointer capture, scrollIntoView),
 * plus a matchMedia that answers width queries from a viewport width the test controls.
 */
type Listener = (event: MediaQueryListEvent) => void;

let viewportWidth = 1280;
let systemDark = false;
const lists = new Set<{ query: string; listeners: Set<Listener>; last: boolean }>();

function evaluate(query: string): boolean {
  const max = /max-width:\s*(\d+)px/.exec(query);
  if (max) return viewportWidth <= Number(max[1]);
  const min = /min-width:\s*(\d+)px/.exec(query);
  if (min) return viewportWidth >= Number(min[1]);
  if (/prefers-color-scheme:\s*dark/.test(query)) return systemDark;
  return false; // light unless setSystemDark says otherwise; no reduced motion
}

function matchMedia(query: string): MediaQueryList {
  const entry = { query, listeners: new Set<Listener>(), last: evaluate(query) };
  lists.add(entry);
  const list = {
    get matches() {
      return evaluate(query);
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, fn: Listener) => entry.listeners.add(fn),
    removeEventListener: (_type: string, fn: Listener) => entry.listeners.delete(fn),
    addListener: (fn: Listener) => entry.listeners.add(fn),
    removeListener: (fn: Listener) => entry.listeners.delete(fn),
    dispatchEvent: () => true,
  };
  return list as unknown as MediaQueryList;
}

/** Resizes the pretend viewport and fires `change` on every query whose answer flipped. */
export function setViewportWidth(width: number): void {
  viewportWidth = width;
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  announceChanges();
  window.dispatchEvent(new Event('resize'));
}

/** Turns the pretend system's dark setting on or off, firing `change` on the colour-scheme queries. */
export function setSystemDark(dark: boolean): void {
  systemDark = dark;
  announceChanges();
}

function announceChanges(): void {
  for (const entry of lists) {
    const now = evaluate(entry.query);
    if (now === entry.last) continue;
    entry.last = now;
    for (const fn of [...entry.listeners]) fn({ matches: now, media: entry.query } as MediaQueryListEvent);
  }
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

export function installDomShims(): void {
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });
  globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  const proto = Element.prototype as unknown as Record<string, unknown>;
  proto.scrollIntoView ??= function scrollIntoView() {};
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => undefined;
  proto.releasePointerCapture ??= () => undefined;
  systemDark = false;
  setViewportWidth(1280);
}

/** jsdom has no layout; a virtual list needs a viewport size to decide which rows to render. Returns the undo. */
export function giveElementsASize(): () => void {
  const restore = (['offsetHeight', 'offsetWidth', 'clientHeight', 'clientWidth'] as const).map((name) => {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name);
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => 800 });
    return () => original && Object.defineProperty(HTMLElement.prototype, name, original);
  });
  return () => restore.forEach((undo) => undo());
}

/** jsdom's Blob has no text()/arrayBuffer(): read it the way a page could, with FileReader. */
export function readBlob(blob: Blob, as: 'text'): Promise<string>;
export function readBlob(blob: Blob, as: 'buffer'): Promise<ArrayBuffer>;
export function readBlob(blob: Blob, as: 'text' | 'buffer'): Promise<string | ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string | ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    if (as === 'text') reader.readAsText(blob);
    else reader.readAsArrayBuffer(blob);
  });
}
