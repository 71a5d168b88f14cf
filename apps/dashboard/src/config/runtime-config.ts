import { ConfigError } from '../api/errors';

/**
 * Settings for signing in through the Cognito hosted UI.
 */
export interface CognitoConfig {
  identity: 'cognito';
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** A host name (`x.auth.<region>.amazoncognito.com`, a custom domain) or just the domain prefix. */
  cognitoDomain: string;
}

/**
 * What `/config.json` (deployed beside the static files) tells the dashboard.
 */
export type RuntimeConfig = { identity: 'local' } | CognitoConfig;

function requireText(object: Record<string, unknown>, key: string): string {
  const value = object[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigError(`config.json: "${key}" must be a non-empty string for cognito identity`);
  }
  return value.trim();
}

/**
 * Validates the content of `/config.json`.
 *
 * @throws ConfigError when the identity mode is unknown or a Cognito setting is missing.
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigError('config.json: expected a JSON object');
  }
  const object = value as Record<string, unknown>;
  if (object['identity'] === 'local') return { identity: 'local' };
  if (object['identity'] === 'cognito') {
    return {
      identity: 'cognito',
      region: requireText(object, 'region'),
      userPoolId: requireText(object, 'userPoolId'),
      userPoolClientId: requireText(object, 'userPoolClientId'),
      cognitoDomain: requireText(object, 'cognitoDomain'),
    };
  }
  throw new ConfigError(
    `config.json: "identity" must be "local" or "cognito", got ${JSON.stringify(object['identity'])}`,
  );
}

/**
 * Fetches and validates `/config.json` from the dashboard's own origin.
 *
 * @example
 * ```ts
 * const config = await loadRuntimeConfig();
 * ```
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl('/config.json', { cache: 'no-store' });
  } catch (cause) {
    throw new ConfigError(
      `Could not load /config.json: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
  if (!response.ok) throw new ConfigError(`Could not load /config.json (HTTP ${response.status})`);
  let json: unknown;
  try {
    json = await response.json();
  } catch (cause) {
    throw new ConfigError('/config.json is not valid JSON', { cause });
  }
  return parseRuntimeConfig(json);
}
