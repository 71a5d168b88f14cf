export { fullJitterMs, type Backoff } from './full-jitter';
