/** What a dashboard page may load beyond its own origin, and the inline scripts it may run. */
export interface DashboardSources {
  /** `sha256-…` hash sources of the page's inline scripts (`inlineScriptHashes`). */
  readonly scriptHashes: readonly string[];
  /** Origins `fetch` may reach besides the page's own (in AWS: Cognito, the audio bucket). */
  readonly connectSources?: readonly string[];
  /** Origins audio and captions may load from besides the page's own (in AWS: the audio bucket). */
  readonly mediaSources?: readonly string[];
}

/**
 * The dashboard's Content-Security-Policy: everything from its own origin only, scripts from
 * its own origin plus exactly the inline scripts whose hashes are given (no `'unsafe-inline'`,
 * no `eval`), styles from its own stylesheets only (no inline style: the export holds none),
 * `fetch` and media from its own origin plus the given ones, no plugins, no `<base>`, forms only
 * to itself, and no framing at all (`frame-ancestors 'none'`, against clickjacking).
 *
 * @example
 * ```ts
 * dashboardContentSecurityPolicy({ scriptHashes: ['sha256-abc='] });
 * // "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self'; … frame-ancestors 'none'"
 * ```
 */
export function dashboardContentSecurityPolicy(sources: DashboardSources): string {
  const hashes = sources.scriptHashes.map((hash) => `'${hash}'`);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...hashes],
    ['style-src', "'self'"],
    ['img-src', "'self'"],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...(sources.connectSources ?? [])],
    ['media-src', "'self'", ...(sources.mediaSources ?? [])],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * The other security headers of every dashboard response: no MIME sniffing, no framing (for
 * browsers that predate `frame-ancestors`), and no `Referer` at all, since the dashboard's
 * addresses can hold a sign-in code and its pages show secret feed links.
 */
export const DASHBOARD_SECURITY_HEADERS = Object.freeze({
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const);
