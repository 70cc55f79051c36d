/**
 * The Content-Security-Policy of the desktop window, sent as a response header on every file the
 * app protocol serves (app-protocol.ts). The page's <meta> policy still applies as well; a header
 * can only narrow it, and adds what a <meta> cannot (frame-ancestors). Nothing remote: the page
 * talks to main through the preload, so even connect-src is only the app's own origin.
 */
const DIRECTIVES: readonly (readonly [string, string])[] = [
  ['default-src', "'none'"],
  ['script-src', "'self'"],
  // The graph layout runs in a module worker loaded from the bundle.
  ['worker-src', "'self'"],
  // React Flow and the views set inline styles; no inline script is ever allowed.
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data:"],
  ['font-src', "'self'"],
  ['connect-src', "'self'"],
  ['base-uri', "'none'"],
  ['form-action', "'none'"],
  ['frame-src', "'none'"],
  ['frame-ancestors', "'none'"],
  ['object-src', "'none'"],
];

export const CONTENT_SECURITY_POLICY = DIRECTIVES.map(([name, value]) => `${name} ${value}`).join('; ');

/** Headers sent with every response of the app protocol. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
};
