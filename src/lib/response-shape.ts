/**
 * Checks for the few response shapes that load with the first screen (sign-in, /me, refresh,
 * spaces). A checker returns the cleaned value or undefined when the shape is wrong; `asSchema`
 * gives it the `safeParse` surface callers use. Screens loaded later use zod; here its ~20 KB gzip
 * would push the Login screen over its size budget (docs/performance.md).
 */

export type Check<T> = (value: unknown) => T | undefined;

export interface ShapeSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export function asSchema<T>(check: Check<T>): ShapeSchema<T> {
  return {
    safeParse(value) {
      const data = check(value);
      return data === undefined ? { success: false } : { success: true, data };
    },
  };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** Ids may arrive as strings or numbers; the client always keeps strings. */
export function idString(value: unknown): string | undefined {
  if (isNonEmptyString(value)) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Optional fields: absent (undefined) is fine, present must pass. Returns false on a bad value. */
export function optionalOk(value: unknown, test: (value: unknown) => boolean): boolean {
  return value === undefined || test(value);
}
