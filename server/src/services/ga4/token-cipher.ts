/** AES-256-GCM for Google tokens at rest: `v1.<iv>.<tag>.<ciphertext>` in base64url. */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
/** 96-bit IVs are GCM's recommended size. */
const IV_BYTES = 12;

export class TokenCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  }

  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** undefined when the text was not made with this key (key changed) or was altered. */
  decrypt(sealed: string): string | undefined {
    const [version, iv, tag, data, extra] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined || extra !== undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }

  encryptOptional(plain: string | null): string | null {
    return plain === null ? null : this.encrypt(plain);
  }
}
