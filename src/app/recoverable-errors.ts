import { describeError, logger } from '../lib/logger';

/**
 * React's onRecoverableError for the app root. A screen that throws while a navigation renders in
 * a transition is rendered again synchronously; its error boundary then shows the error screen and
 * React reports the first attempt as "recovered". The boundary has already logged the error, so it
 * goes to the log buffer as a warning instead of the default window.reportError (an uncaught error).
 */
export function recordRecoverableError(error: unknown, info: { componentStack?: string }): void {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  logger.warn('React recovered from a rendering error', {
    error: describeError(cause),
    componentStack: info.componentStack,
  });
}
