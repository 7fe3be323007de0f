import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended setting (19 MiB, 2 passes, 1 lane): about 20 ms per hash on
 * one core, so sign-in stays affordable on small machines while guessing stays expensive.
 * Hashes record their own parameters; a changed setting is applied to each account at its next
 * sign-in (see needsRehash).
 */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The rules the Register and reset screens show under the field: one source (src/contract/account.ts). */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../src/contract/account';

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

/** False for a wrong password and for a hash argon2 cannot read (never throws for bad input). */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when `hash` was made with other parameters than today's (it should be replaced). */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, HASH_OPTIONS);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verify and always fails. Used for unknown emails so that the
 * response time does not tell an attacker which emails have accounts.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
