export {
  AudioAssemblyError,
  AudioFormatError,
  InvalidAudioOptionsError,
  SpeechEngineError,
  SpeechRequestRejectedError,
  SpeechServiceUnavailableError,
  SpeechThrottledError,
} from './errors';
export type { MpegVersion } from './mp3-frame-header';
export type { Mp3HeaderFrameKind } from './mp3-frames';
export type { Mp3Info } from './mp3-info';
export { mp3Info } from './mp3-info';
export type { AssembleMp3Options, AssembledMp3 } from './assemble-mp3';
export { assembleMp3 } from './assemble-mp3';
export type { AudioChapter } from './id3-chapters';
export type { WavInfo } from './wav';
export { wavInfo } from './wav';
export type { ChaptersFromChunksInput } from './chapters-from-chunks';
export { chaptersFromChunks } from './chapters-from-chunks';
export type { WebVttFromChunksInput } from './webvtt';
export { webVttFromChunks } from './webvtt';
export type { HostIndex, SpeechRequest, SpeechSynthesizer } from './speech-synthesizer';
export type { PollySynthesizerOptions } from './polly-synthesizer';
export { POLLY_REQUEST_TIMEOUT_MS, PollySynthesizer } from './polly-synthesizer';
export type { HostVoices } from './polly-host-voices';
export {
  DEFAULT_POLLY_VOICES,
  hostVoicesFor,
  MAX_HOST_VOICES,
  POLLY_CHILD_VOICES,
  POLLY_HOST_VOICES,
  POLLY_QUALITY_ENGINES,
} from './polly-host-voices';
export { POLLY_MAX_TEXT_LENGTH, POLLY_SAMPLE_RATES } from './polly-speech-request';
export type { PollyEngine, PollyLanguage, PollyVoiceAvailability } from './polly-voices';
export {
  POLLY_GENERATIVE_VOICES,
  POLLY_NEURAL_VOICES,
  POLLY_STANDARD_VOICES,
  POLLY_VOICES_BY_ENGINE,
  pollyVoiceAvailability,
} from './polly-voices';
export type { LocalSynthesizerOptions } from './local-synthesizer';
export { LOCAL_SAMPLE_RATE, LocalSynthesizer } from './local-synthesizer';
export type { LocalVoice } from './local-voices';
export { LOCAL_VOICES, localVoice, localVoiceId } from './local-voices';
export type { SpeechLanguage } from './speech-languages';
export { LOCAL_ENGINE_LANGUAGES, SPEECH_LANGUAGES, speechLanguage } from './speech-languages';
export type { EncodeMp3Options } from './mp3-encoder';
export { encodeMp3 } from './mp3-encoder';
export type { AssembleEpisodeOptions, AssembledAudio, EpisodeChunk } from './assemble-episode';
export { assembleEpisode } from './assemble-episode';
