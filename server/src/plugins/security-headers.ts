import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Strict policy for the app: everything from this origin, no plugins, no framing. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' allows compiling WebAssembly only (never eval): the knowledge base hashes
  // files with a WebAssembly SHA-256, 4x faster and with bounded memory (docs/knowledge.md).
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  // Radix Themes sets inline style attributes, so inline styles must stay allowed.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Browser features no screen of Mosaic uses, denied to the page and anything it could embed: a
 * script injected despite the CSP still cannot open the camera or read the location. The app
 * does use the clipboard (copy a reply) and notifications (not governed by this header), which
 * are left alone. Only names Chromium recognises, so the console stays free of warnings.
 */
export const DENIED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/**
 * The headers above that only mean something on a response that becomes a document or a worker:
 * the CSP governs what that context may load, Permissions-Policy its features, X-Frame-Options and
 * COOP how it is framed and opened, the rest are a page's own switches. The scripts and stylesheets
 * a page loads run under the page's policy, never their own, so their responses need none of
 * these (static-files.ts leaves them off: ~0.85 KB a response, sent uncompressed over HTTP/1.1,
 * ~28 KB over the 33 files of a signed-in Dashboard's start). X-Content-Type-Options and
 * Cross-Origin-Resource-Policy do apply to scripts and stylesheets and stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Permissions-Policy',
  'X-Frame-Options',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
] as const;

/**
 * Helmet's middleware, built once from the options. @fastify/helmet rebuilt it on every request
 * (parsing the CSP directives each time) behind two hooks of its own, ≈ 5 % of the process's time
 * on the read path (docs/reliability.md, "Read path"); the headers it sets are the same.
 */
const applyHelmetHeaders = helmet({
  // useDefaults off: helmet's default adds upgrade-insecure-requests, which breaks plain-HTTP
  // installs such as http://127.0.0.1:8080.
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  // HSTS only means something over TLS; it is added below when the request came over HTTPS.
  strictTransportSecurity: false,
  // The same rule as the CSP's frame-ancestors 'none', for browsers that only read this header.
  xFrameOptions: { action: 'deny' },
});

/** Helmet's setters never fail once built (a bad option throws when it is built, above). */
const afterHelmet = () => {};

export function installSecurityHeaders(app: FastifyInstance): void {
  // On every answer: the routes, the static files and the not-found answers alike. Synchronous
  // hooks: nothing here waits, so no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    applyHelmetHeaders(request.raw, reply.raw, afterHelmet);
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    done();
  });
  // Behind a TLS-terminating proxy (TRUST_PROXY set), request.protocol reflects X-Forwarded-Proto.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS_VALUE);
    done(null, payload);
  });
}
