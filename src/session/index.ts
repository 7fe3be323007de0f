/**
 * The session core: tokens and their storage, the auth status, the current space, and the events
 * they emit. The request layer (src/api) and features import it; it imports no feature and nothing
 * of src/api, so it never calls the server itself (sign-in, /me and /refresh stay in src/api and
 * features/auth, which write their outcome here).
 */
export * from './auth-events';
export * from './auth-status';
export * from './current-space';
export * from './device-wipe';
export * from './session-end';
export * from './session-reset';
export * from './space-events';
export * from './storage';
export * from './token-pair';
export type * from './wire-types';
