/**
 * An in-memory Cache / CacheStorage with the matching rules the service worker relies on: one
 * entry per URL, `ignoreSearch`, and `Vary` honoured unless `ignoreVary` is set (as browsers do).
 * Responses are stored as given and handed out as clones, so a body can be read every time.
 */

interface Entry {
  request: Request;
  response: Response;
}

function toRequest(input: RequestInfo | URL): Request {
  return input instanceof Request ? input : new Request(String(input));
}

function urlKey(url: string, ignoreSearch: boolean): string {
  const parsed = new URL(url);
  parsed.hash = '';
  if (ignoreSearch) parsed.search = '';
  return parsed.href;
}

function varyMatches(entry: Entry, query: Request): boolean {
  const vary = entry.response.headers.get('Vary');
  if (!vary) return true;
  return vary
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .every((name) => name !== '*' && entry.request.headers.get(name) === query.headers.get(name));
}

export class FakeCache implements Cache {
  private readonly entries = new Map<string, Entry>();

  private find(input: RequestInfo | URL, options: CacheQueryOptions = {}): Entry[] {
    const query = toRequest(input);
    const wanted = urlKey(query.url, options.ignoreSearch === true);
    return [...this.entries.values()].filter(
      (entry) =>
        urlKey(entry.request.url, options.ignoreSearch === true) === wanted &&
        (options.ignoreVary === true || varyMatches(entry, query)),
    );
  }

  async match(input: RequestInfo | URL, options?: CacheQueryOptions): Promise<Response | undefined> {
    return this.find(input, options)[0]?.response.clone();
  }

  async matchAll(input?: RequestInfo | URL, options?: CacheQueryOptions): Promise<readonly Response[]> {
    const found = input === undefined ? [...this.entries.values()] : this.find(input, options);
    return found.map((entry) => entry.response.clone());
  }

  async put(input: RequestInfo | URL, response: Response): Promise<void> {
    const request = toRequest(input);
    if (request.method !== 'GET') throw new TypeError('Cache.put only accepts GET requests');
    this.entries.set(urlKey(request.url, false), { request, response });
  }

  async delete(input: RequestInfo | URL, options?: CacheQueryOptions): Promise<boolean> {
    const found = this.find(input, options);
    for (const entry of found) this.entries.delete(urlKey(entry.request.url, false));
    return found.length > 0;
  }

  async keys(input?: RequestInfo | URL, options?: CacheQueryOptions): Promise<readonly Request[]> {
    const found = input === undefined ? [...this.entries.values()] : this.find(input, options);
    return found.map((entry) => entry.request);
  }

  async add(): Promise<void> {
    throw new Error('FakeCache.add is not used by the code under test');
  }

  async addAll(): Promise<void> {
    throw new Error('FakeCache.addAll is not used by the code under test');
  }
}

export class FakeCacheStorage implements CacheStorage {
  private readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<Cache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async match(input: RequestInfo | URL, options?: MultiCacheQueryOptions): Promise<Response | undefined> {
    const names = options?.cacheName !== undefined ? [options.cacheName] : [...this.caches.keys()];
    for (const name of names) {
      const found = await this.caches.get(name)?.match(input, options);
      if (found) return found;
    }
    return undefined;
  }

  clear(): void {
    this.caches.clear();
  }
}
