/**
 * Attaching a file from the computer in the message box, in real Chromium against the real server
 * (offline engine) and the production build: a file dropped on the box (a real `drop` event with a
 * DataTransfer holding a File) is uploaded to the knowledge base with its progress in a chip,
 * processed, attached as the message's context, and the reply cites it, its sources listing it.
 */
import { describe, expect, it } from 'vitest';
import { startAppForFile, uniqueAccount } from './harness';
import { registerAndSignIn } from './owner-session';

const app = startAppForFile({ env: { LLM_PROVIDER: 'offline' } });

const FILENAME = 'balcony-launch-brief.txt';
const CONTENT = [
  'Balcony launch brief. Terracotta planters lead the spring range for balcony gardeners in small flats.',
  'Audience. Renters with a balcony and little time; they search for easy herbs and self-watering planters.',
  'Message. Grow something you can eat on a balcony the size of a doormat.',
].join('\n\n');

describe('attaching a file in the message box', () => {
  it('uploads a dropped file, attaches it as context once processed, and the reply cites it', async () => {
    const { context, page } = await registerAndSignIn(app, { ...uniqueAccount('attach'), name: 'Ada Attach' });
    await page.goto(`${app.server.baseUrl}/agents/seo`);
    const composer = page.getByRole('form', { name: 'Message SEO' });
    await composer.waitFor();
    await page.getByRole('button', { name: 'Attach files from your computer' }).waitFor();
    // The file's bytes are held at the network edge until its chip has been seen uploading.
    let releaseUpload: () => void = () => undefined;
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route('**/api/v1/kb/uploads/target**', async (route) => {
      await uploadHeld;
      await route.continue();
    });

    // What a browser does when a file from the desktop is let go over the box.
    await composer.evaluate(
      (form, { name, text }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([text], name, { type: 'text/plain' }));
        for (const type of ['dragenter', 'dragover', 'drop']) {
          form.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
        }
      },
      { name: FILENAME, text: CONTENT },
    );

    // A chip for the file while it goes up and is read, then it is one of the message's documents.
    const chips = page.getByRole('list', { name: 'Files being attached' });
    await chips.getByText(FILENAME).waitFor();
    await chips.getByText(/^Uploading \d+%$/).waitFor();
    releaseUpload();
    const documents = page.getByRole('list', { name: 'Documents for this message' });
    await documents.getByText(FILENAME).waitFor({ timeout: 60_000 });
    expect(await chips.count()).toBe(0);

    const question = 'Who is the balcony launch for, and which planters lead it?';
    await page.getByRole('textbox', { name: 'Message' }).fill(question);
    const payloads: { referenced_document_ids: string[] }[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/agents\/seo\/messages(\/async)?$/.test(request.url())) payloads.push(request.postDataJSON());
    });
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/agents\/seo\/chat\/[0-9a-f-]{36}$/);
    // The file went as the message's context, the way the Context picker sends a ticked document.
    expect(payloads.map((payload) => payload.referenced_document_ids.length)).toEqual([1]);
    const log = page.getByRole('log', { name: 'Conversation' });
    const marker = log.getByTestId('citation-marker').first();
    await marker.waitFor({ timeout: 60_000 });
    expect(await marker.getAttribute('aria-label')).toMatch(new RegExp(`^Source \\d+: ${FILENAME.replace(/\./g, '\\.')}, passage \\d+$`));
    const sources = log.getByRole('region', { name: 'Sources' }).last();
    await sources.getByText(FILENAME).first().waitFor();
    await context.close();
  }, 240_000);
});
