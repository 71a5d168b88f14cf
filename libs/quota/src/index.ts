// The names other projects import, and no more; the lib's own tests import its modules directly.
export { QuotaLedger } from './ledger';
export { quotaCost } from './cost';
export { SLOTS_PER_MINUTE, VOICE_QUALITIES, isVoiceQuality } from './voice-quality';
export type { VoiceQuality } from './voice-quality';
export { isoWeekKey, weekWindow, weeksBefore } from './iso-week';
export { PLANS, DEFAULT_PLAN, isPlan, planLimitsFor, weeklyLimitFor } from './plans';
export {
  USERS_TABLE_KEY,
  USER_PLAN_ATTRIBUTE,
  QUOTA_RECORD_TTL_ATTRIBUTE,
  QUOTA_HISTORY_WEEKS,
  QUOTA_KEY_PREFIXES,
  MAX_JOB_ID_BYTES,
  MAX_USER_ID_BYTES,
} from './users-table';
export type { UsageResult } from './ledger-reads';
export type { QuotaJobRecord } from './job-record';
export type { ReserveResult } from './operations/reserve-types';
export type { GrantResult } from './operations/grant-types';
export type { RefundResult } from './operations/refund-types';

// Every error the lib throws: callers tell failures apart by class across the boundary.
export {
  QuotaError,
  QuotaInputError,
  QuotaContentionError,
  QuotaTableNotFoundError,
  QuotaThrottledError,
  QuotaStateError,
} from './errors';
