/** Public surface of the request layer. Features import from 'src/api', never from wretch. */
export { http, LONG_GET_TIMEOUT_MS, type RequestOptions } from './http';
export { callEndpoint, type CallOptions } from './call-endpoint';
export { EARLY_GET_MAX_AGE_MS } from './early-gets';
export { isSavedAnswer } from './saved-answers';
export type { FetchedBytes } from './client';
export { describeFailure, fieldProblems, serverMessage } from './failure-message';
export { ApiError, ERROR_MESSAGES, stringField, toApiError, type ErrorCode, type FieldError } from './errors';
export { API_BASE, needsSpaceContext } from './paths';
export { installCrossTabSync, uninstallCrossTabSync } from './cross-tab-sync';
export { MAX_REFRESH_ATTEMPTS, resetRefreshAttempts } from './token-refresh';
export { queuedRequestCount } from './auth-gate';
export { recoverSession } from './token-refresh';
