/**
 * Mail in tests: a real SMTP server (the smtp-server package) on a free loopback port, and readers
 * for the messages it receives or the server writes to its outbox folder (.eml files).
 */
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReadMail {
  /** Envelope recipients for SMTP; the To header for an outbox file. */
  to: string[];
  from: string;
  subject: string;
  /** The decoded text/plain and text/html bodies. */
  text: string;
  html: string;
  raw: string;
}

/** Undoes quoted-printable (soft line breaks and =XX bytes), UTF-8 aware. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function headersOf(block: string): Map<string, string> {
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The decoded body of the first part with this content type (single-part or multipart/alternative). */
function partBody(raw: string, contentType: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = headersOf(part.slice(0, split));
    if (!headers.get('content-type')?.startsWith(contentType)) continue;
    const body = part.slice(split).replace(/^\r?\n\r?\n/, '').replace(/\r?\n--[^\r\n]*--\s*$/, '');
    const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
    if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
    if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    return body;
  }
  return '';
}

export function readMail(raw: string, envelopeTo?: string[]): ReadMail {
  const headers = headersOf(raw.slice(0, raw.search(/\r?\n\r?\n/)));
  return {
    to: envelopeTo ?? [headers.get('to') ?? ''],
    from: headers.get('from') ?? '',
    subject: headers.get('subject') ?? '',
    text: partBody(raw, 'text/plain'),
    html: partBody(raw, 'text/html'),
    raw,
  };
}

/** The invite link in a message's text body. */
export function inviteLinkIn(mail: ReadMail): string {
  const link = /https?:\/\/\S+\/register\?invite=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no invite link in the mail:\n${mail.text}`);
  return link;
}

/** The secret of an invite link (its `invite` parameter). */
export const secretOf = (link: string): string => new URL(link).searchParams.get('invite') ?? '';

/** Every .eml in an outbox folder, oldest first (the names sort by time). */
export async function readOutbox(dir: string): Promise<Array<ReadMail & { file: string }>> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(files.map(async (name) => ({ ...readMail(await readFile(path.join(dir, name), 'utf8')), file: path.join(dir, name) })));
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReadMail[];
  /** Resolves with the next message (received from now on) sent to `address`. */
  nextMailTo(address: string): Promise<ReadMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback, plain text (no STARTTLS, no AUTH), that accepts everything —
 * or, with `refuseRecipients`, refuses every recipient as a full mailbox would be.
 */
export async function startTestSmtpServer(options: { refuseRecipients?: boolean } = {}): Promise<TestSmtpServer> {
  const received: ReadMail[] = [];
  const waiting: Array<{ address: string; resolve: (mail: ReadMail) => void }> = [];
  const serverOptions: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!options.refuseRecipients) return callback();
      return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = readMail(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.rcptTo.map((recipient) => recipient.address),
        );
        received.push(mail);
        for (const waiter of [...waiting]) {
          if (mail.to.includes(waiter.address)) {
            waiting.splice(waiting.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    nextMailTo: (address) => new Promise((resolve) => waiting.push({ address, resolve })),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
