/**
 * URLs as they may be written to a log. Some query parameters are credentials in their own right:
 * the signed local upload URL carries `?token=`, an invite link `?invite=`, the OAuth callback `code` and `state`, the single sign-on page its one-time `handoff`, S3
 * presigned URLs their signature and credential scope. A request log keeps the path and every
 * other parameter (useful when tracing a request) and replaces those values.
 */

/** Query parameters whose value is a secret (compared case-insensitively). */
export const SECRET_QUERY_PARAMETERS = [
  'token',
  'invite',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'state',
  'handoff',
  'signature',
  'sig',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'x-goog-signature',
  'x-goog-credential',
  'client_secret',
  'password',
  'key',
  'api_key',
] as const;

const SECRET_NAMES = new Set<string>(SECRET_QUERY_PARAMETERS);

/**
 * Paths whose next segment is a credential: a shared chat's page and its API answer carry the
 * share token in the path (docs/agents.md "Share links").
 */
export const SECRET_PATH_PREFIXES = ['/share/', '/api/v1/public/shares/'] as const;
const SECRET_PATH_SEGMENT = new RegExp(`(${SECRET_PATH_PREFIXES.map((prefix) => prefix.replace(/[/]/g, '\\/')).join('|')})[^/?#\\s'"&]+`, 'g');

/** The path with the segment after each SECRET_PATH_PREFIXES entry replaced. */
function redactPath(text: string): string {
  return text.replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`);
}
export const REDACTED = '[redacted]';

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * `url` with the value of every secret query parameter replaced by [redacted]. Works on the raw
 * text (no parsing into a URL object), so the rest of the query keeps its exact spelling and
 * malformed escapes cannot make it throw.
 */
export function redactUrl(rawUrl: string): string {
  const url = redactPath(rawUrl);
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const hashStart = url.indexOf('#', queryStart);
  const query = hashStart === -1 ? url.slice(queryStart + 1) : url.slice(queryStart + 1, hashStart);
  const fragment = hashStart === -1 ? '' : url.slice(hashStart);
  const parts = query.split('&').map((part) => {
    const equals = part.indexOf('=');
    if (equals === -1) return part;
    return SECRET_NAMES.has(decodedName(part.slice(0, equals))) ? `${part.slice(0, equals)}=${REDACTED}` : part;
  });
  return `${url.slice(0, queryStart + 1)}${parts.join('&')}${fragment}`;
}

const SECRET_PARAMETER_IN_TEXT = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&\\s'"#]+`, 'gi');

/**
 * Free text (an error message quoting the request URL, such as Fastify's 'is not a valid url
 * component') with the values of secret query parameters replaced.
 */
export function redactUrlsInText(text: string): string {
  return redactPath(text).replace(SECRET_PARAMETER_IN_TEXT, `$1${REDACTED}`);
}
