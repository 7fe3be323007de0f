import { writeFileSync } from 'node:fs';
import { apiLogin, launchBrowser, registerAccount, startServer, uniqueAccount } from '../tests/e2e/harness';

const outDir = process.env.OUT ?? '/work/scratch/dist-nomin';
const runs = Number(process.env.RUNS ?? 3);
const server = await startServer({ STATIC_DIR: outDir });
const browser = await launchBrowser();
try {
  const account = uniqueAccount('prof');
  await registerAccount(server.baseUrl, account);
  const tokens = await apiLogin(server.baseUrl, account);
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    await context.addInitScript((t) => { localStorage.setItem('ma_access_token', t.access_token); localStorage.setItem('ma_refresh_token', t.refresh_token); }, tokens);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByText('Link a Google Analytics 4 property', { exact: false }).first().waitFor({ timeout: 30000 });
    await page.waitForTimeout(1500);
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(`/work/scratch/dash-${i}.cpuprofile`, JSON.stringify(profile));
    const lt = await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.toJSON());
    console.log('run', i, 'domInteractive', Math.round(lt.domInteractive), 'loadEnd', Math.round(lt.loadEventEnd));
    await context.close();
  }
} finally { await browser.close(); await server.stop(); }
