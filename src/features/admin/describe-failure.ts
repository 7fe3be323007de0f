import { ApiError } from '../../api';

/**
 * What a failed call says on screen: the server's own words when it gave some (a 403 saying
 * why, a 422 naming the rule), else the catalogue message, prefixed by what was being done.
 */
export function describeFailure(error: unknown, doing: string): string {
  if (error instanceof ApiError) {
    const field = error.fieldErrors[0]?.message;
    return `${doing}: ${field ?? error.serverDetail ?? error.message}`;
  }
  return `${doing}: ${error instanceof Error ? error.message : String(error)}`;
}
