import { startTransition, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ScreenLoader } from './ScreenLoader';

export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Starts (or joins) the download of the screen's code; resolves when it can render. */
  preload(): Promise<void>;
  /** Whether the code is in: the screen renders at once instead of its loader. */
  isLoaded(): boolean;
};

/**
 * A screen whose code loads on demand (spec 000 §2), like React.lazy but without suspending.
 *
 * Why not React.lazy: React holds a revealed Suspense boundary back for 300 ms after its fallback
 * showed (its "fallback throttle"), so every lazy screen appeared no sooner than ~300 ms after its
 * loader, even when the code came from the service worker's cache in a few milliseconds. Here the
 * loader is the component's own render until the code is in, and a screen whose code is already
 * loaded (preloaded, or visited before) renders at once. A failed download is rethrown during
 * render, so the route's error screen offers a reload as before.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  fallback: ReactNode = <ScreenLoader />,
): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = (): Promise<void> => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        pending = null; // a later visit may try again (e.g. once back online)
        throw error;
      },
    );
    return pending;
  };

  function Screen(props: P) {
    // Whether a render has seen the code. Not "is the code in": the download can finish between a
    // render that showed the fallback and its effect, and that render still needs a successor.
    const [codeSeen, setCodeSeen] = useState(loaded !== null);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (codeSeen) return undefined;
      let mounted = true;
      preload().then(
        // A transition: React renders the arrived screen in slices, yielding to the browser between
        // them, instead of in one long task that keeps a phone from answering input.
        () => mounted && startTransition(() => setCodeSeen(true)),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [codeSeen]);
    if (failure) throw failure.error;
    if (!loaded) return <>{fallback}</>;
    const Loaded = loaded;
    return <Loaded {...props} />;
  }
  return Object.assign(Screen, { preload, isLoaded: () => loaded !== null });
}
