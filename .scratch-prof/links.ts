import { apiLogin, launchBrowser, registerAccount, startServer, uniqueAccount } from '../tests/e2e/harness';
const server = await startServer({ STATIC_DIR: process.env.OUT ?? 'dist' });
const browser = await launchBrowser();
try {
  const account = uniqueAccount('prof');
  await registerAccount(server.baseUrl, account);
  const tokens = await apiLogin(server.baseUrl, account);
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  await context.addInitScript((t) => { localStorage.setItem('ma_access_token', t.access_token); localStorage.setItem('ma_refresh_token', t.refresh_token); }, tokens);
  const page = await context.newPage();
  const reqs: string[] = [];
  page.on('request', (r) => reqs.push(r.url().replace(server.baseUrl, '')));
  await page.goto(`${server.baseUrl}/dashboard`);
  await page.getByText('Link a Google Analytics 4 property', { exact: false }).first().waitFor({ timeout: 30000 });
  await page.waitForTimeout(1500);
  const links = await page.evaluate(() => [...document.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`));
  console.log('links', links.length); console.log(links.join('\n'));
  console.log('requests', reqs.length); console.log(reqs.join('\n'));
} finally { await browser.close(); await server.stop(); }
