export { ProviderPacer, type AcquireResult, type ProviderPacerOptions } from './provider-pacer';
export type { AcquireRequest } from './acquire-request';
export { PACING_TABLE_KEY, PACING_TTL_ATTRIBUTE } from './pacing-table';
export { PacingContentionError, PacingError, PacingInputError, PacingStoreError } from './errors';
