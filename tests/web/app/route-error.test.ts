import { describe, expect, it } from 'vitest';
import { isAuthNavigationError } from '../../../src/app/RouteErrorPage';

describe('isAuthNavigationError', () => {
  it.each([
    [new Error('Authentication required'), true],
    [new Error('Request failed with status 401'), true],
    [new Error('auth token missing'), true],
    [Object.assign(new Error('Nope'), { status: 401 }), true],
    [new Error('Unauthorized'), true],
    [new Error('Failed to fetch dynamically imported module: /assets/AuthLayout-4019.js'), false],
    [new Error('Network error - please check your connection'), false],
    [new Error('Internal server error'), false],
  ])('%s → %s', (error, expected) => {
    expect(isAuthNavigationError(error)).toBe(expected);
  });
});
