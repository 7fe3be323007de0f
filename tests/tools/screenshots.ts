/**
 * Takes screenshots of the running app for a visual review:
 *   BASE_URL=http://127.0.0.1:8080 EMAIL=… PASSWORD=… OUT=/tmp/shots npx tsx tests/tools/screenshots.ts /dashboard /settings
 * Signs in through the real Login screen, then visits each path at desktop (1280) and phone (390) widths.
 */
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const out = process.env.OUT ?? '/tmp/shots';
const paths = process.argv.slice(2);
const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const size of widths) {
  const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, colorScheme: (process.env.SCHEME as 'light' | 'dark' | undefined) ?? 'light' });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  if (process.env.EMAIL && process.env.PASSWORD) {
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(process.env.EMAIL);
    await page.getByLabel('Password').fill(process.env.PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  }
  for (const path of paths) {
    await page.goto(`${baseUrl}${path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(400);
    const file = `${out}/${size.name}${path.replaceAll('/', '_') || '_root'}.png`;
    await page.screenshot({ path: file });
    console.log(file);
  }
  await context.close();
}
await browser.close();
