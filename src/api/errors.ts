/**
 * The client error catalogue (spec 000 §8): every failure a caller sees is an ApiError with a
 * catalogue message and code. Feature code branches on `code`, shows `message`, and can dig into
 * `details` (the raw response body) for server specifics such as field errors.
 */
import { isGa4ConnectionFailure } from './paths';

export type ErrorCode =
  | 'UNAUTHORIZED'
  | 'GA4_OAUTH_EXPIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'VALIDATION_ERROR'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR'
  /** Any other HTTP status (409, 400, 413…); the spec leaves this code open, we name it HTTP_ERROR. */
  | 'HTTP_ERROR'
  | 'TIMEOUT_ERROR'
  | 'NETWORK_ERROR'
  | 'CANCELLED'
  | 'REQUEST_ERROR'
  | 'LOGGED_OUT'
  /** Raised before sending when a space-scoped call has no current space (spec 000 §5). */
  | 'SPACE_CONTEXT_REQUIRED';

export const ERROR_MESSAGES = {
  unauthorized: 'Authentication required',
  ga4OauthExpired: 'Google Analytics authentication expired. Please reconnect your Google account.',
  forbidden: 'Permission denied',
  forbiddenSpace: 'Access denied to this space. Contact your administrator for access.',
  notFound: 'Resource not found',
  spaceNotFound: 'Current space not found. Please refresh the page or contact support.',
  agentNotFound: 'Agent not available in your current space',
  validation: 'Validation error',
  rateLimited: 'Too many requests',
  internal: 'Internal server error',
  serverError: 'Server error',
  timeout: 'Request timed out - the server may be overloaded',
  network: 'Network error - please check your connection',
  cancelled: 'Request was cancelled',
  requestFailed: 'Request failed',
  loggedOut: 'Request cancelled - user logged out',
  queuedDuringLogout: 'Request cancelled due to logout',
  callDuringLogout: 'Cannot make API calls during logout',
} as const;

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number | null,
    readonly code: ErrorCode,
    /** The raw response body (parsed JSON when it was JSON), or null when there was no response. */
    readonly details: unknown = null,
  ) {
    super(message);
  }

  /** The server's own machine code (e.g. a GA4 sub-code), when the body carried one. */
  get serverCode(): string | undefined {
    return stringField(this.details, 'code');
  }

  /** The server's human-readable detail, when the body carried one. */
  get serverDetail(): string | undefined {
    return stringField(this.details, 'detail');
  }

  /** Field-level problems from a 422 body `{errors: [{field, message}]}`. */
  get fieldErrors(): FieldError[] {
    const errors = isRecord(this.details) ? this.details.errors : undefined;
    if (!Array.isArray(errors)) return [];
    return errors.filter(
      (e): e is FieldError => isRecord(e) && typeof e.field === 'string' && typeof e.message === 'string',
    );
  }
}

export function spaceContextRequiredError(url: string): ApiError {
  return new ApiError(
    `Space context required for ${url} but no space ID available. Please ensure spaces are initialized before making this request.`,
    null,
    'SPACE_CONTEXT_REQUIRED',
  );
}

/** Maps an HTTP error status and its body to the catalogue (spec 000 §8). */
export function httpError(status: number, body: unknown, path = ''): ApiError {
  const detail = stringField(body, 'detail') ?? '';
  switch (status) {
    case 401:
      // GA4 OAuth expiry is about the Google connection, not our session: the caller stays signed in.
      return isGa4ConnectionFailure(path, stringField(body, 'code'))
        ? new ApiError(ERROR_MESSAGES.ga4OauthExpired, status, 'GA4_OAUTH_EXPIRED', body)
        : new ApiError(ERROR_MESSAGES.unauthorized, status, 'UNAUTHORIZED', body);
    case 403:
      return new ApiError(
        /space/i.test(detail) ? ERROR_MESSAGES.forbiddenSpace : ERROR_MESSAGES.forbidden,
        status,
        'FORBIDDEN',
        body,
      );
    case 404:
      return new ApiError(notFoundMessage(detail), status, 'NOT_FOUND', body);
    case 422:
      return new ApiError(ERROR_MESSAGES.validation, status, 'VALIDATION_ERROR', body);
    case 429:
      return new ApiError(ERROR_MESSAGES.rateLimited, status, 'RATE_LIMITED', body);
    case 500:
      return new ApiError(ERROR_MESSAGES.internal, status, 'INTERNAL_ERROR', body);
    default:
      return new ApiError(serverMessage(body) ?? ERROR_MESSAGES.serverError, status, 'HTTP_ERROR', body);
  }
}

/**
 * Turns anything thrown by a request into an ApiError. `path` lets a 401 be recognised as a
 * GA4 integration failure.
 */
export function toApiError(error: unknown, path = ''): ApiError {
  if (error instanceof ApiError) return error;
  if (isHttpFailure(error)) return httpError(error.status, error.json ?? error.text ?? null, path);
  const name = isRecord(error) && typeof error.name === 'string' ? error.name : '';
  if (name === 'TimeoutError') return new ApiError(ERROR_MESSAGES.timeout, null, 'TIMEOUT_ERROR');
  if (name === 'AbortError') return new ApiError(ERROR_MESSAGES.cancelled, null, 'CANCELLED');
  // fetch rejects with a TypeError when no response arrived (offline, DNS, CORS, reset).
  if (error instanceof TypeError) return new ApiError(ERROR_MESSAGES.network, null, 'NETWORK_ERROR');
  return new ApiError(ERROR_MESSAGES.requestFailed, null, 'REQUEST_ERROR');
}

function notFoundMessage(detail: string): string {
  if (/space not found/i.test(detail)) return ERROR_MESSAGES.spaceNotFound;
  if (/agent not found/i.test(detail)) return ERROR_MESSAGES.agentNotFound;
  return ERROR_MESSAGES.notFound;
}

/** The server's own words for an uncatalogued status: message, detail or error field. */
function serverMessage(body: unknown): string | undefined {
  return stringField(body, 'message') ?? stringField(body, 'detail') ?? stringField(body, 'error');
}

/** The shape of wretch's WretchError (and anything else carrying an HTTP status plus body). */
interface HttpFailure {
  status: number;
  json?: unknown;
  text?: string;
}

function isHttpFailure(error: unknown): error is HttpFailure {
  return isRecord(error) && typeof error.status === 'number' && error.status >= 400 && 'response' in error;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function stringField(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return typeof field === 'string' && field.trim() !== '' ? field : undefined;
}
