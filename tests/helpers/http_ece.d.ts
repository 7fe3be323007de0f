/** The part of http_ece (RFC 8188 encrypted content encoding, no types shipped) the tests use to read pushes. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The receiver's key pair (a browser's subscription key). */
    privateKey: ECDH;
    /** The subscription's auth secret (base64url text or bytes). */
    authSecret: string | Buffer;
  }

  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
