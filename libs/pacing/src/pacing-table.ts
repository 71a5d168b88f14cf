/**
 * The name of the pacing table's partition key (a string: the provider key, such as
 * `polly:neural` or `bedrock:<model id>`). The table has no sort key.
 */
export const PACING_TABLE_KEY = 'pacingKey';

/**
 * The attributes of a key's one item: `nextFreeAt`, the next instant (epoch ms, possibly
 * fractional) at which no granted call is yet due to start, and `expiresAt`, the TTL attribute
 * (epoch seconds). An item that is missing, or whose `nextFreeAt` has passed, is an idle key.
 */
export const PACING_ATTRIBUTES = Object.freeze({
  nextFreeAt: 'nextFreeAt',
  expiresAt: 'expiresAt',
} as const);

/**
 * The TTL attribute of the pacing table (epoch seconds); set it as the table's
 * `timeToLiveAttribute`.
 */
export const PACING_TTL_ATTRIBUTE = PACING_ATTRIBUTES.expiresAt;

/** How long an item outlives its line's last granted start before TTL may delete it. */
export const IDLE_KEY_TTL_SECONDS = 3600;
