import { AppError } from '../../errors';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * The Idempotency-Key header, if sent: 1–200 visible ASCII characters, else 422. A header, so the
 * server reads it itself: the contract's entries describe bodies, queries and paths.
 */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const raw = headers['idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(value)) {
    throw new AppError(422, 'Validation error', 'VALIDATION_ERROR', [
      { field: 'Idempotency-Key', message: 'Idempotency-Key must be 1–200 visible ASCII characters' },
    ]);
  }
  return value;
}
