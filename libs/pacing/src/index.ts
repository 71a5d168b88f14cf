// The public face of @lumcast/pacing: only the names another project imports. Tests import the
// module that defines a name.
export { ProviderPacer, type AcquireResult } from './provider-pacer';
export type { AcquireRequest } from './acquire-request';
export { PACING_TABLE_KEY, PACING_TTL_ATTRIBUTE } from './pacing-table';

// Every error the lib throws: callers tell failures apart by class across the boundary.
export { PacingError, PacingInputError, PacingStoreError, PacingContentionError } from './errors';
