/**
 * A value loaded from the API: the last good `data` (kept while refreshing or
 * after a failed refresh), the last `error`, and whether a load is running.
 */
export interface Resource<T> {
  data?: T;
  error?: unknown;
  loading: boolean;
}
