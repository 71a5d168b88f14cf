export { fullJitterMs } from './full-jitter';
