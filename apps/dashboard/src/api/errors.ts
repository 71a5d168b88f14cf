/**
 * Base class of every error the dashboard raises itself.
 */
export class DashboardError extends Error {
  override name = 'DashboardError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * The HTTP API answered with an error status. `code` and `field` come from the
 * API's `{ error: { code, message, field? } }` body when it has one.
 */
export class ApiError extends DashboardError {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  /** Any other members of the error body (`remaining`, `resetsAt`, ...). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(
    message: string,
    init: { status: number; code: string; field?: string; details?: Record<string, unknown> },
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.details = Object.freeze({ ...(init.details ?? {}) });
  }
}

/**
 * The request never got an HTTP answer (offline, DNS, CORS, aborted).
 */
export class NetworkError extends DashboardError {
  override name = 'NetworkError';
}

/**
 * The server answered 2xx but the body is not what the contract says.
 */
export class ResponseShapeError extends DashboardError {
  override name = 'ResponseShapeError';
}

/**
 * The upload form refused a source file (S3, or the local server, answered an error status):
 * over the size limit, of another type, or a form that expired.
 */
export class UploadError extends DashboardError {
  override name = 'UploadError';
  readonly status: number;
  readonly code: string;

  constructor(message: string, init: { status: number; code: string }) {
    super(message);
    this.status = init.status;
    this.code = init.code;
  }
}

/**
 * `/config.json` is missing or does not describe a known identity mode.
 */
export class ConfigError extends DashboardError {
  override name = 'ConfigError';
}

/**
 * Signing in failed (bad state, token endpoint refused, no usable token).
 */
export class AuthError extends DashboardError {
  override name = 'AuthError';
}

/**
 * A user-facing sentence for any error caught by a panel.
 */
export function describeError(error: unknown): string {
  if (error instanceof NetworkError) return `Could not reach the server: ${error.message}`;
  if (error instanceof Error) return error.message;
  return String(error);
}
