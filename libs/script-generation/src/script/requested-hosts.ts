import * as z from '../zod-mini';
import { ScriptInputError } from '../errors';
import { SCRIPT_HOSTS_MAX } from './episode-hosts';
import { SCRIPT_HOST_NAME_MAX_CHARS, distinctHostNames } from './podcast-script';

/**
 * Longest accepted host persona (who a host is and how they speak), in characters (UTF-16 code
 * units). A persona is quoted data in the user turn, like the source text.
 */
export const HOST_PERSONA_MAX_CHARS = 1_000;

/**
 * What a host name given in a request may hold: letters (any script) and marks, with spaces,
 * hyphens, apostrophes and periods between them. Host names go into the writer's system
 * prompt, so nothing else is accepted.
 */
export const HOST_NAME_PATTERN = /^\p{L}[\p{L}\p{M}]*(?:[ .'’-]+[\p{L}\p{M}]+)*\.?$/u;

const requestedHostSchema = z.object({
  name: z.string({ error: 'a host name must be a string' }).check(
    z.trim(),
    z.minLength(1, { error: 'a host name must not be empty' }),
    z.maxLength(SCRIPT_HOST_NAME_MAX_CHARS, {
      error: `a host name must be at most ${SCRIPT_HOST_NAME_MAX_CHARS} characters`,
    }),
    z.regex(HOST_NAME_PATTERN, {
      error: 'a host name is letters, with spaces, hyphens, apostrophes or periods between them',
    }),
  ),
  persona: z.optional(
    z.string({ error: 'a host persona must be a string' }).check(
      z.maxLength(HOST_PERSONA_MAX_CHARS, {
        error: `a host persona must be at most ${HOST_PERSONA_MAX_CHARS} characters`,
      }),
    ),
  ),
});

/** A request's `hosts`: one to three, distinct names, each with an optional persona. */
export const requestedHostsSchema = z
  .array(requestedHostSchema, { error: 'hosts must be an array of { name } objects' })
  .check(
    z.minLength(1, { error: 'hosts must name at least one host' }),
    z.maxLength(SCRIPT_HOSTS_MAX, { error: `hosts may name at most ${SCRIPT_HOSTS_MAX} hosts` }),
    distinctHostNames,
  );

/** One host a request names: the name, and optionally a persona (blank means none). */
export interface RequestedHost {
  name: string;
  persona?: string;
}

/**
 * Validates a list of hosts as a request's `hosts` (names by {@link HOST_NAME_PATTERN}, at most
 * 60 characters, different without case; personas at most {@link HOST_PERSONA_MAX_CHARS}; one to
 * three hosts), or throws a {@link ScriptInputError} whose `field` names the host and the field
 * (`hosts.1.persona`). Names come back trimmed, blank personas dropped. No I/O. The pipeline
 * checks a series' host profiles with it before they are stored.
 *
 * @example
 * ```ts
 * parseRequestedHosts([{ name: 'Ada', persona: 'A retired marine biologist.' }, { name: 'Ivo' }]);
 * parseRequestedHosts([{ name: 'Ada' }, { name: 'ada' }]); // throws: hosts.1.name
 * ```
 */
export function parseRequestedHosts(hosts: unknown): RequestedHost[] {
  const result = requestedHostsSchema.safeParse(hosts);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = ['hosts', ...(issue?.path ?? [])].join('.');
    throw new ScriptInputError(field, issue?.message ?? 'invalid hosts', { cause: result.error });
  }
  return result.data.map(keptHost);
}

/** A host as a request keeps it: a blank persona is none. */
export function keptHost({
  name,
  persona,
}: {
  name: string;
  persona?: string | undefined;
}): RequestedHost {
  return persona === undefined || persona.trim() === '' ? { name } : { name, persona };
}
