import {
  encodeMp3,
  type HostIndex,
  type SpeechRequest,
  type SpeechSynthesizer,
} from '@lumcast/audio-assembly';
import type { VoiceQuality } from '@lumcast/quota';

/** Options of {@link ToneSynthesizer}. */
export interface ToneSynthesizerOptions {
  /** Seconds of audio per character of text (default 0.01). */
  secondsPerChar?: number;
  /** Makes a chosen request throw (in process only: the engine's fake Polly has no such hook). */
  fail?: (request: SpeechRequest, call: number) => Error | undefined;
  /** Answers a chosen request with these bytes (in process only, as `fail`). */
  bytes?: (request: SpeechRequest) => Uint8Array | undefined;
}

/** What the engine's fake Polly heard, which a {@link ToneSynthesizer} reports on the engine. */
export interface PollyHearing {
  /** Every SynthesizeSpeech request, in arrival order (the fake Polly's `requests`). */
  requests: () => readonly { voiceId: string }[];
  /** The voice the deployed bundle's Polly synthesizer gives a host. */
  voiceForHost: (hostIndex: HostIndex, quality: VoiceQuality) => string;
}

/**
 * A fast stand-in speech engine for pipeline tests that are not about speech:
 * real MP3 (a quiet tone encoded by LAME) whose length is `secondsPerChar`
 * per character, so a test controls the measured duration. `fail` makes a
 * chosen request throw.
 *
 * On the engine (`LUMCAST_ENGINE=1`) the fake Polly speaks in its place, at the same rate of
 * characters (`./engine-test-stack.ts`): its `calls`, `voices` and `voiceForHost` are then the
 * fake Polly's requests and the bundle's Polly voices ({@link ToneSynthesizer.speakThrough}).
 */
export class ToneSynthesizer implements SpeechSynthesizer {
  private ownCalls = 0;
  private readonly ownVoices: string[] = [];
  private hearing: PollyHearing | undefined;

  constructor(readonly options: ToneSynthesizerOptions = {}) {}

  /** How many requests it was asked to speak. */
  get calls(): number {
    return this.hearing ? this.hearing.requests().length : this.ownCalls;
  }

  /** Every voice asked for, in order. */
  get voices(): readonly string[] {
    return this.hearing
      ? this.hearing.requests().map((request) => request.voiceId)
      : this.ownVoices;
  }

  /** Reports what the engine's fake Polly heard instead of what it spoke itself. */
  speakThrough(hearing: PollyHearing): void {
    this.hearing = hearing;
  }

  voiceForHost(hostIndex: HostIndex, quality: VoiceQuality = 'neural'): string {
    if (this.hearing) return this.hearing.voiceForHost(hostIndex, quality);
    return ['tone-low', 'tone-high', 'tone-middle'][hostIndex] ?? 'tone-low';
  }

  async synthesize(request: SpeechRequest): Promise<Uint8Array> {
    this.ownCalls += 1;
    this.ownVoices.push(request.voice);
    const failure = this.options.fail?.(request, this.ownCalls);
    if (failure) throw failure;
    const custom = this.options.bytes?.(request);
    if (custom) return custom;
    const sampleRate = 16_000;
    const samples = Math.max(
      1,
      Math.round(request.text.length * (this.options.secondsPerChar ?? 0.01) * sampleRate),
    );
    const pcm = new Int16Array(samples);
    const pitch = request.voice === 'tone-low' ? 220 : 330;
    for (let i = 0; i < samples; i++)
      pcm[i] = Math.round(3000 * Math.sin((2 * Math.PI * pitch * i) / sampleRate));
    return encodeMp3(pcm, undefined, { sampleRate, kbps: 32 });
  }
}
