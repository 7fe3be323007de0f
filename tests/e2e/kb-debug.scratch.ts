import { createHash } from 'node:crypto';
import { apiLogin, launchBrowser, newContext, registerAccount, signInThroughUi, startServer, uniqueAccount } from './harness';
const server = await startServer({ DATABASE_URL: 'postgres://postgres:postgres@127.0.0.1:5432/kb_e2e', LOG_LEVEL: 'info' });
const browser = await launchBrowser();
try {
  const account = uniqueAccount();
  await registerAccount(server.baseUrl, account);
  const { access_token } = await apiLogin(server.baseUrl, account);
  const spaces = await (await fetch(`${server.baseUrl}/api/v1/spaces/`, { headers: { authorization: `Bearer ${access_token}` } })).json();
  const headers = { authorization: `Bearer ${access_token}`, 'x-space-id': spaces[0].id };
  const content = 'Our tone of voice is warm. Never stretch the logo.';
  const signed = await (await fetch(`${server.baseUrl}/api/v1/kb/uploads/sign?filename=a.txt&content_type=text/plain`, { method: 'POST', headers })).json();
  console.log('signed', signed);
  const put = await fetch(new URL(signed.url, server.baseUrl), { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: content });
  console.log('put', put.status, await put.text());
  const c = await fetch(`${server.baseUrl}/api/v1/kb/uploads/commit`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ object_path: signed.object_path, filename: 'a.txt', size: content.length, mime: 'text/plain', hash: createHash('sha256').update(content).digest('hex') }) });
  console.log('commit', c.status, await c.text());
  await new Promise((r) => setTimeout(r, 3000));
  console.log('list', await (await fetch(`${server.baseUrl}/api/v1/kb/documents`, { headers })).text());
  const context = await newContext(browser);
  const page = await context.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  await signInThroughUi(page, server.baseUrl, account);
  await page.goto(`${server.baseUrl}/knowledge-base`);
  await page.waitForTimeout(2000);
  await page.getByTestId('kb-dropzone').evaluate((zone) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['hello world'], 'x.txt', { type: 'text/plain' }));
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  });
  await page.waitForTimeout(3000);
  await page.screenshot({ path: '/tmp/kbscratch/debug.png' });
  console.log(await page.locator('body').innerText());
} finally { await browser.close(); await server.stop(); }
