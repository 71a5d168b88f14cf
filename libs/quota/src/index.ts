export type { VoiceQuality } from './voice-quality';
export { SLOTS_PER_MINUTE, VOICE_QUALITIES, isVoiceQuality } from './voice-quality';
export { isoWeekKey, weekWindow, weeksBefore } from './iso-week';
export { quotaCost } from './cost';
export type { PlanLimits } from './plans';
export { PLANS, DEFAULT_PLAN, isPlan, planLimitsFor, weeklyLimitFor } from './plans';
export {
  USERS_TABLE_KEY,
  QUOTA_ATTRIBUTES,
  QUOTA_JOB_ATTRIBUTES,
  QUOTA_OPERATION_ATTRIBUTES,
  QUOTA_RECORD_TTL_ATTRIBUTE,
  QUOTA_HISTORY_ATTRIBUTE_PREFIX,
  QUOTA_HISTORY_WEEKS,
  QUOTA_KEY_PREFIXES,
  USER_PLAN_ATTRIBUTE,
  MAX_JOB_ID_BYTES,
  MAX_USER_ID_BYTES,
  quotaJobKey,
  quotaOperationKey,
  quotaHistoryAttribute,
} from './users-table';
export type { QuotaJobState } from './job-record';
export { QuotaLedger } from './ledger';
export type {
  QuotaLedgerOptions,
  UsageRequest,
  UsageResult,
  PlanUsageResult,
  WasChargedRequest,
  QuotaJobRecord,
} from './ledger-types';
export type { AdmitRequest, AdmitResult, ReserveRequest, ReserveResult } from './reserve-types';
export type { SettleRequest, SettleResult, ReleaseRequest, ReleaseResult } from './settle-types';
export type { GrantRequest, GrantResult, RefundRequest, RefundResult } from './grant-types';
export type { SetPlanRequest, SetPlanResult } from './plan-types';
export type { UsageHistoryRequest, UsageHistoryResult, WeekUsed } from './history-types';
export {
  QuotaError,
  QuotaInputError,
  QuotaContentionError,
  QuotaTableNotFoundError,
  QuotaThrottledError,
  QuotaStateError,
} from './errors';
