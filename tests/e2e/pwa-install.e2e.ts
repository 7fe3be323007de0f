/**
 * Installable, as Chromium judges it, and the phone layout of the shell: the web manifest is
 * complete, Chromium reports no installability errors, the user menu offers "Install app" when
 * the browser does, and at 390 px the sidebar is a slide-in overlay that closes on a choice.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { launchPersistentChromium, newContext, registerAccount, signInThroughUi, uniqueAccount, startAppForFile, waitForServiceWorkerControl } from './harness';
import { registerAndSignIn } from './owner-session';
import type { WebManifest } from '../helpers/web-manifest';

const app = startAppForFile();

describe('installing the app', () => {
  it('serves a complete manifest whose icons and screenshots exist', async () => {
    const res = await fetch(`${app.server.baseUrl}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as WebManifest;
    expect(manifest).toMatchObject({ name: 'Mosaic', short_name: 'Mosaic', scope: '/', display: 'standalone' });
    expect(manifest.start_url).toBe('/dashboard');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((icon) => `${icon.sizes}/${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192/any', '512x512/any', '512x512/maskable']));
    expect(manifest.screenshots.map((shot) => shot.form_factor)).toEqual(expect.arrayContaining(['wide', 'narrow']));
    for (const file of [...manifest.icons, ...manifest.screenshots]) {
      const asset = await fetch(`${app.server.baseUrl}${file.src}`);
      expect(asset.headers.get('content-type'), file.src).toBe('image/png');
    }
    const appleIcon = await fetch(`${app.server.baseUrl}/icons/apple-touch-icon-180.png`);
    expect(appleIcon.status).toBe(200);
  });

  it('passes Chromium installability checks, and the menu offers "Install app" when Chromium does', async () => {
    const account = uniqueAccount('install');
    await registerAccount(app.server.baseUrl, account);
    // Chromium only judges installability in a context with a real profile (not incognito).
    const profile = await mkdtemp(join(tmpdir(), 'mosaic-profile-'));
    const context = await launchPersistentChromium(profile);
    try {
      const page = await context.newPage();
      await signInThroughUi(page, app.server.baseUrl, account);
      await waitForServiceWorkerControl(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>;
      };
      expect(installabilityErrors).toEqual([]);
      expect(await page.content()).toContain('rel="apple-touch-icon"');

      // Installable, so Chromium fires beforeinstallprompt by itself here; the menu then offers it.
      await expect
        .poll(
          async () => {
            await page.getByRole('button', { name: `Account menu for ${account.name}` }).click();
            await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
            const offered = await page.getByRole('menuitem', { name: 'Install app' }).count();
            await page.keyboard.press('Escape');
            return offered;
          },
          { timeout: 15_000, interval: 1_000 },
        )
        .toBe(1);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  it('shows "Install app" only once the browser offers installation, and opens the browser prompt', async () => {
    const account = uniqueAccount('offer');
    await registerAccount(app.server.baseUrl, account);
    // An ordinary (incognito) context: Chromium never offers installation here by itself.
    const context = await newContext(app.browser);
    const page = await context.newPage();
    await signInThroughUi(page, app.server.baseUrl, account);
    const menuButton = page.getByRole('button', { name: `Account menu for ${account.name}` });
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Install app' }).count()).toBe(0);
    // Closed, and opened again at once below, while it may still be animating closed: a quick
    // second click opens the menu (it once dismissed the menu it had just opened).
    await page.keyboard.press('Escape');

    // What Chromium dispatches when the app can be installed.
    await page.evaluate(() => {
      const offer = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(offer, {
        prompt: async () => {
          (window as unknown as { installPrompted: boolean }).installPrompted = true;
        },
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
      });
      window.dispatchEvent(offer);
    });
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Install app' }).click();
    await page.waitForFunction(() => (window as unknown as { installPrompted?: boolean }).installPrompted === true);
    // A prompt can be used once: the offer is gone until the browser makes a new one.
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Log out' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Install app' }).count()).toBe(0);
    await context.close();
  });
});

describe('the shell on a phone (390 px)', () => {
  it('slides the sidebar in over the content and closes it when an item is chosen', async () => {
    const account = uniqueAccount('phone');
    const { context, page } = await registerAndSignIn(app, account, { width: 390, height: 844 });
    await page.goto(`${app.server.baseUrl}/settings`);
    const sidebar = page.locator('#app-sidebar');
    const isOnScreen = async () => {
      const box = await sidebar.boundingBox();
      return box !== null && box.x + box.width > 1;
    };
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    await expect.poll(isOnScreen).toBe(false);
    const contentWidth = await page.locator('main').evaluate((main) => main.getBoundingClientRect().width);
    expect(contentWidth).toBeGreaterThan(350);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(isOnScreen).toBe(true);
    expect(await sidebar.getAttribute('data-open')).toBe('true');
    // An overlay: the content keeps its full width underneath.
    expect(await page.locator('main').evaluate((main) => main.getBoundingClientRect().width)).toBe(contentWidth);

    await page.getByRole('link', { name: 'Knowledge Base' }).click();
    await page.waitForURL(`${app.server.baseUrl}/knowledge-base`);
    await expect.poll(isOnScreen).toBe(false);
    expect(await sidebar.getAttribute('data-open')).toBe('false');
    await context.close();
  });
});
