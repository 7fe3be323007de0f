/**
 * Follows assets whose thumbnails are being made: each is read every 2 s until it is ready or in
 * error, for at most 3 minutes (past the server's default 60-second thumbnail limit and a queue
 * behind it). A failed read is not an answer about the asset: it is simply asked again next time.
 */
import type { AssetDetail } from '../../contract/assets';

export const WATCH_INTERVAL_MS = 2_000;
export const WATCH_LIMIT_MS = 3 * 60_000;

interface WatchOptions {
  check(id: string): Promise<AssetDetail>;
  onAsset(asset: AssetDetail): void;
  now?: () => number;
}

export class ProcessingWatch {
  private readonly started = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: WatchOptions) {
    this.now = options.now ?? Date.now;
  }

  watch(ids: readonly string[]): void {
    for (const id of ids) if (!this.started.has(id)) this.started.set(id, this.now());
    this.schedule();
  }

  unwatch(id: string): void {
    this.started.delete(id);
  }

  stop(): void {
    this.started.clear();
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  watching(): string[] {
    return [...this.started.keys()];
  }

  private schedule(): void {
    if (this.timer !== undefined || this.started.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.tick();
    }, WATCH_INTERVAL_MS);
  }

  private async tick(): Promise<void> {
    const now = this.now();
    await Promise.all(
      [...this.started].map(async ([id, since]) => {
        if (now - since > WATCH_LIMIT_MS) {
          this.started.delete(id);
          return;
        }
        try {
          const asset = await this.options.check(id);
          if (!this.started.has(id)) return;
          this.options.onAsset(asset);
          if (asset.status !== 'processing') this.started.delete(id);
        } catch {
          // Offline or a hiccup: asked again on the next tick.
        }
      }),
    );
    this.schedule();
  }
}
