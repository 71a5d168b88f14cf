export type { VoiceQuality } from './voice-quality';
export { SLOTS_PER_MINUTE, VOICE_QUALITIES, isVoiceQuality } from './voice-quality';
export { isoWeekKey, weekWindow } from './iso-week';
export { quotaCost } from './cost';
export { PLANS, DEFAULT_PLAN, weeklyLimitFor } from './plans';
export {
  USERS_TABLE_KEY,
  QUOTA_ATTRIBUTES,
  MAX_CHARGED_JOBS_PER_WEEK,
  MAX_JOB_ID_BYTES,
  MAX_USER_ID_BYTES,
} from './users-table';
export { QuotaLedger } from './ledger';
export type {
  QuotaLedgerOptions,
  DeductRequest,
  DeductResult,
  PreflightRequest,
  PreflightResult,
  UsageRequest,
  UsageResult,
  WasChargedRequest,
} from './ledger';
export {
  QuotaError,
  QuotaInputError,
  QuotaContentionError,
  QuotaCapacityError,
  QuotaTableNotFoundError,
  QuotaThrottledError,
  QuotaStateError,
} from './errors';
