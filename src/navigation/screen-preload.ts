/**
 * Lets a screen start downloading the code of the screen it will most likely open next (the new
 * chat's page, the chat it opens) without importing the route table, which imports every screen.
 * The app registers the table's loader at start-up (src/main.tsx); until then, and in tests that
 * render a screen alone, asking does nothing.
 */
type ScreenLoader = (pathname: string) => Promise<void>;

let loadScreensAt: ScreenLoader | null = null;

export function registerScreenPreloader(loader: ScreenLoader): void {
  loadScreensAt = loader;
}

/** Starts (or joins) the download of the screen at `pathname`; a failure is left to that screen. */
export function preloadScreenAt(pathname: string): void {
  void loadScreensAt?.(pathname).catch(() => undefined);
}
