import { randomBytes } from 'node:crypto';

/**
 * A new job id that sorts by creation time (so the newest jobs come first in a
 * descending query) and is a valid Step Functions execution name.
 */
export function newJobId(
  now: () => Date = () => new Date(),
  random: (bytes: number) => Buffer = randomBytes,
): string {
  const time = now().getTime().toString(36).padStart(10, '0');
  return `j-${time}-${random(8).toString('hex')}`;
}

/** What a job id looks like; anything else in a path is rejected before any read. */
export const JOB_ID_PATTERN = /^j-[0-9a-z]{10}-[0-9a-f]{16}$/;
