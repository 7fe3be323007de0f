/**
 * Replaces the placeholder install screenshots with captures of the real app: starts the server on
 * the built app (run `npm run build` first), registers a demo organisation, signs in through the
 * login form and captures the dashboard wide (1280x800) and narrow (390x844).
 * Run: npx tsx tests/tools/capture-screenshots.ts
 * SCREENSHOTS_DIR writes elsewhere (for a trial run); STATIC_DIR serves another build than dist/.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { registerAccount, startServer, uniqueAccount, type Account } from '../e2e/harness';
import { launchChromium } from './chromium';

const screenshotsDir = process.env.SCREENSHOTS_DIR
  ? `${process.env.SCREENSHOTS_DIR.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../../public/screenshots/', import.meta.url));

const shots = [
  { file: 'wide-1280x800.png', width: 1280, height: 800, mobile: false },
  { file: 'narrow-390x844.png', width: 390, height: 844, mobile: true },
] as const;

async function capture(browser: Browser, baseUrl: string, account: Account, shot: (typeof shots)[number]): Promise<void> {
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.height },
    deviceScaleFactor: 1,
    isMobile: shot.mobile,
    hasTouch: shot.mobile,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseUrl}/dashboard`);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${screenshotsDir}${shot.file}` });
    console.log(`wrote ${screenshotsDir}${shot.file}`);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  await mkdir(screenshotsDir, { recursive: true });
  const server = await startServer(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {});
  const browser = await launchChromium();
  try {
    const account = { ...uniqueAccount('demo'), name: 'Avery Marketer', org_name: 'Acme Marketing' };
    await registerAccount(server.baseUrl, account);
    for (const shot of shots) await capture(browser, server.baseUrl, account, shot);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
