/**
 * (c) Two server processes on one PostgreSQL database, both running background workers, with
 * uploads and chat messages sent through either: every document is processed once and every
 * message answered once, and nobody is charged twice.
 *
 * "Once" is counted where it costs money: the model (a local OpenAI-compatible stand-in that
 * takes 300 ms per answer, so the two processes' workers overlap) receives exactly one
 * categorisation request per document and one request per message.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, type AcceptedMessage, type DocumentBody, type Session } from '../tools/api-client';
import { BRAND_GUIDELINES, MIME } from '../server/kb-fixtures';
import { freshDatabase, report, startServer } from './harness';
import { askedMessage, categorisedFile, startModelStandIn } from './model-stand-in';

const ORGANISATIONS = 4;
const DOCUMENTS_PER_ORGANISATION = 5;
const MESSAGES_PER_ORGANISATION = 5;

function countBy<T>(items: T[], key: (item: T) => string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const name = key(item);
    if (name !== undefined) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

describe('two processes on one PostgreSQL database', () => {
  it('process every document once and answer every message once, charging once', async () => {
    const database = await freshDatabase('postgres');
    const model = await startModelStandIn({ delayMs: 300 });
    const servers = [await startServer(database, model.env), await startServer(database, model.env)];
    const apis = servers.map((server) => new ApiClient(server.baseUrl));
    const through = (index: number) => apis[index % apis.length]!;

    const owners: Session[] = [];
    for (let index = 0; index < ORGANISATIONS; index += 1) owners.push(await through(index).registerOwner('shared'));
    const creditsBefore = await Promise.all(owners.map((owner) => apis[0]!.credits(owner)));

    const startedAt = performance.now();
    // Everything is sent at once, alternating between the processes, so both queues fill together.
    const uploads: Promise<DocumentBody & { owner: Session }>[] = [];
    const sends: Promise<AcceptedMessage & { owner: Session; question: string }>[] = [];
    owners.forEach((owner, org) => {
      for (let index = 0; index < DOCUMENTS_PER_ORGANISATION; index += 1) {
        const filename = `org${org}-doc${index}.txt`;
        const bytes = Buffer.from(`${BRAND_GUIDELINES}\n\nCopy ${filename}.`);
        uploads.push(through(org + index).upload(owner, { filename, contentType: MIME.txt, bytes }).then((document) => ({ ...document, owner })));
      }
      for (let index = 0; index < MESSAGES_PER_ORGANISATION; index += 1) {
        const question = `Organisation ${org}, question ${index}: what should we post this week?`;
        sends.push(through(org + index + 1).sendMessage(owner, 'seo', question).then((accepted) => ({ ...accepted, owner, question })));
      }
    });
    const documents = await Promise.all(uploads);
    const messages = await Promise.all(sends);

    const finished = await Promise.all(documents.map((document, index) => through(index).waitForDocument(document.owner, document.id, 120_000)));
    await Promise.all(messages.map((message, index) => through(index).waitForReply(message.owner, message.session_id, message.created_at, 120_000)));
    report(
      'two processes (postgres)',
      `${documents.length} documents and ${messages.length} runs done in ${Math.round(performance.now() - startedAt)} ms; model asked ${model.fake.requests.length} times`,
    );

    expect(finished.map((document) => document.status)).toEqual(documents.map(() => 'ready'));
    const categorised = countBy(model.categorisations(), categorisedFile);
    expect(Object.fromEntries(categorised)).toEqual(Object.fromEntries(documents.map((document) => [document.filename, 1])));

    const asked = countBy(model.chats(), askedMessage);
    expect(Object.fromEntries(asked)).toEqual(Object.fromEntries(messages.map((message) => [message.question, 1])));
    for (const message of messages) {
      const chat = await apis[1]!.sessionMessages(message.owner, message.session_id);
      expect(chat.messages.filter((entry) => entry.role === 'assistant').map((entry) => entry.content)).toEqual([`Answer to: ${message.question}`]);
    }

    for (const [index, owner] of owners.entries()) {
      const charged = messages.filter((message) => message.owner === owner).reduce((sum, message) => sum + message.credits_charged, 0);
      expect((await apis[0]!.credits(owner)).used - creditsBefore[index]!.used).toBe(charged);
    }
  });
});
