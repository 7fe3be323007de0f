/** Headless Chromium for the asset scripts, with the flags that keep it off the outside network. */
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium's flags that keep it off the outside network (and headless-friendly), without the headless mode itself. */
export const CHROMIUM_QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const CHROMIUM_ARGS = ['--headless', ...CHROMIUM_QUIET_FLAGS];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * A browser with a real profile on disk. Chromium refuses to call anything installable in an
 * incognito (non-persistent) context, so installability checks need this one.
 */
export function launchPersistentChromium(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Renders an SVG document to a PNG file of exactly width x height pixels. */
export async function renderSvgToPng(
  browser: Browser,
  svg: string,
  width: number,
  height: number,
  path: string,
  transparent: boolean,
): Promise<void> {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  try {
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${svg.replace('<svg ', '<svg style="display:block" ')}</body></html>`,
    );
    await page.screenshot({ path, omitBackground: transparent, clip: { x: 0, y: 0, width, height } });
  } finally {
    await page.close();
  }
}
