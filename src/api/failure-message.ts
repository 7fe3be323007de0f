import { ApiError, type FieldError } from './errors';

/**
 * What to show for a failed call: a 422's named rules ('Password must be at least 8 characters')
 * rather than its bare 'Validation error', else the server's detail, else `fallback`.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const rules = error.fieldErrors.map((problem) => problem.message);
    if (rules.length > 0) return rules.join(' ');
    return error.serverDetail ?? (error.message || fallback);
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

/** A 422's problems by field name ('password' → 'Password must be …'), for messages under each field. */
export function fieldProblems(error: unknown): Record<string, string> {
  const problems: FieldError[] = error instanceof ApiError ? error.fieldErrors : [];
  return Object.fromEntries(problems.map((problem) => [problem.field, problem.message]));
}

/**
 * What a failed action says on screen, prefixed by what was being done ('Suspending user: …'):
 * the server's own words when it gave some (a 403 saying why, a 422 naming the rule), else the
 * catalogue message.
 */
export function describeFailure(error: unknown, doing: string): string {
  if (error instanceof ApiError) {
    const field = error.fieldErrors[0]?.message;
    return `${doing}: ${field ?? error.serverDetail ?? error.message}`;
  }
  return `${doing}: ${error instanceof Error ? error.message : String(error)}`;
}
