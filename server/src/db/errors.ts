/** PostgreSQL error codes this code base reacts to. */
const UNIQUE_VIOLATION = '23505';

/**
 * True when `error` (or anything in its cause chain — drizzle wraps driver errors) is a unique
 * violation, optionally of one named constraint or index.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && 'code' in current && current.code === UNIQUE_VIOLATION) {
      if (!constraint) return true;
      const name = 'constraint' in current ? current.constraint : undefined;
      return name === constraint;
    }
    current = typeof current === 'object' && 'cause' in current ? current.cause : undefined;
  }
  return false;
}
