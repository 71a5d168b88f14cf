export type { VoiceQuality } from './voice-quality';
export { SLOTS_PER_MINUTE, VOICE_QUALITIES, isVoiceQuality } from './voice-quality';
export { isoWeekKey, weekWindow } from './iso-week';
export { quotaCost } from './cost';
export type { PlanLimits } from './plans';
export { PLANS, DEFAULT_PLAN, isPlan, planLimitsFor, weeklyLimitFor } from './plans';
export {
  USERS_TABLE_KEY,
  QUOTA_ATTRIBUTES,
  QUOTA_JOB_ATTRIBUTES,
  QUOTA_OPERATION_ATTRIBUTES,
  QUOTA_RECORD_TTL_ATTRIBUTE,
  QUOTA_KEY_PREFIXES,
  USER_PLAN_ATTRIBUTE,
  MAX_JOB_ID_BYTES,
  MAX_USER_ID_BYTES,
  quotaJobKey,
  quotaOperationKey,
} from './users-table';
export type { QuotaJobState } from './job-record';
export { QuotaLedger } from './ledger';
export type {
  QuotaLedgerOptions,
  AdmitRequest,
  AdmitResult,
  ReserveRequest,
  ReserveResult,
  SettleRequest,
  SettleResult,
  ReleaseRequest,
  ReleaseResult,
  DeductRequest,
  DeductResult,
  PreflightRequest,
  PreflightResult,
  UsageRequest,
  UsageResult,
  WasChargedRequest,
  QuotaJobRecord,
  GrantRequest,
  GrantResult,
  RefundRequest,
  RefundResult,
  SetPlanRequest,
  SetPlanResult,
} from './ledger-types';
export {
  QuotaError,
  QuotaInputError,
  QuotaContentionError,
  QuotaTableNotFoundError,
  QuotaThrottledError,
  QuotaStateError,
} from './errors';
