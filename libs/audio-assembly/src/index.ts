export {
  AudioAssemblyError,
  AudioFormatError,
  ChunkSynthesisError,
  InvalidAudioOptionsError,
  SpeechEngineError,
  SpeechRequestRejectedError,
  SpeechThrottledError,
} from './errors';
export type { MpegVersion } from './mp3-frame-header';
export type { Mp3HeaderFrameKind } from './mp3-frames';
export type { Mp3Info } from './mp3-info';
export { mp3Info } from './mp3-info';
export type { AssembleMp3Options, AssembledMp3 } from './assemble-mp3';
export { assembleMp3 } from './assemble-mp3';
export type { AudioChapter } from './id3-chapters';
export type { AssembleWavOptions, AssembledWav, WavInfo } from './wav';
export { assembleWav, wavInfo } from './wav';
export type { ChaptersFromChunksInput } from './chapters-from-chunks';
export { chaptersFromChunks } from './chapters-from-chunks';
export type { WebVttFromChunksInput } from './webvtt';
export { webVttFromChunks } from './webvtt';
export type { SpeechRequest, SpeechSynthesizer } from './speech-synthesizer';
export type { SynthesizeAllOptions } from './synthesize-all';
export { synthesizeAll } from './synthesize-all';
export type { HostVoices, PollySynthesizerOptions } from './polly-synthesizer';
export {
  DEFAULT_POLLY_VOICES,
  POLLY_MAX_TEXT_LENGTH,
  POLLY_SAMPLE_RATES,
  PollySynthesizer,
} from './polly-synthesizer';
export type { LocalSynthesizerOptions, LocalVoice } from './local-synthesizer';
export { LOCAL_SAMPLE_RATE, LOCAL_VOICES, LocalSynthesizer } from './local-synthesizer';
export type { EncodeMp3Options } from './mp3-encoder';
export { encodeMp3 } from './mp3-encoder';
export type { AssembleEpisodeOptions, AssembledEpisode, EpisodeChunk } from './assemble-episode';
export { assembleEpisode } from './assemble-episode';
