/**
 * The wire shapes the session holds (the signed-in user, the token pair, a space). They are shared
 * with the server, so the session reads them from their one definition instead of copying them;
 * this file is the session's only import from outside src/session and src/lib.
 */
export type { AuthStatus, Role, TokenPair, User } from '../contract/auth';
export type { Space } from '../contract/spaces';
