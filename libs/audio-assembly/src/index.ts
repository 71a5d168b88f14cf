// The public face of @lumcast/audio-assembly: only what other projects import. The lib's own
// tests import its modules directly.
export { mp3Info } from './mp3/info';
export type { HostIndex, SpeechRequest, SpeechSynthesizer } from './speech-synthesizer';
export { PollySynthesizer } from './polly/polly-synthesizer';
export { DEFAULT_POLLY_VOICES } from './polly/host-voices';
export { POLLY_VOICES_BY_ENGINE, pollyVoiceAvailability } from './polly/voices';
export { LocalSynthesizer } from './local/local-synthesizer';
export { SPEECH_LANGUAGES } from './speech-languages';
export { encodeMp3 } from './mp3/encoder';
export { assembleEpisode } from './assemble-episode';

// Every error the lib throws: callers tell failures apart by class across the boundary.
export {
  AudioAssemblyError,
  AudioFormatError,
  InvalidAudioOptionsError,
  SpeechRequestRejectedError,
  SpeechThrottledError,
  SpeechEngineError,
  SpeechServiceUnavailableError,
} from './errors';
