/**
 * The specs' fast speech: a `ToneSynthesizer` given as a run's `tones` makes the engine's fake
 * Polly speak for the run at `secondsPerChar` seconds of audio per character (real MP3 frames of
 * that length, fast), so a spec controls the measured duration, and reports what the fake Polly
 * heard: its `calls`, `voices` and `voiceForHost` are the fake Polly's requests and the deployed
 * bundle's Polly voices (`./engine-test-stack.ts` connects them).
 */
import { encodeMp3, type HostIndex } from '@lumcast/audio-assembly';
import type { VoiceQuality } from '@lumcast/quota';

/** Options of {@link ToneSynthesizer}. */
export interface ToneSynthesizerOptions {
  /** Seconds of audio per character of text (default 0.01). */
  secondsPerChar?: number;
}

/** What the engine's fake Polly heard, which a {@link ToneSynthesizer} reports. */
export interface PollyHearing {
  /** Every SynthesizeSpeech request, in arrival order (the fake Polly's `requests`). */
  requests: () => readonly { voiceId: string }[];
  /** The voice the deployed bundle's Polly synthesizer gives a host. */
  voiceForHost: (hostIndex: HostIndex, quality: VoiceQuality) => string;
}

/** A run's fast speech, and what it was asked: see the file's comment. */
export class ToneSynthesizer {
  private hearing: PollyHearing | undefined;

  constructor(readonly options: ToneSynthesizerOptions = {}) {}

  /** How many requests it was asked to speak. */
  get calls(): number {
    return this.heard().requests().length;
  }

  /** Every voice asked for, in order. */
  get voices(): readonly string[] {
    return this.heard()
      .requests()
      .map((request) => request.voiceId);
  }

  /** Reports what the engine's fake Polly heard (called when the run starts). */
  speakThrough(hearing: PollyHearing): void {
    this.hearing = hearing;
  }

  /** The voice the run gives a host. */
  voiceForHost(hostIndex: HostIndex, quality: VoiceQuality = 'neural'): string {
    return this.heard().voiceForHost(hostIndex, quality);
  }

  private heard(): PollyHearing {
    if (!this.hearing)
      throw new Error('This ToneSynthesizer is no run’s speech yet (give it as `tones`)');
    return this.hearing;
  }
}

/** Real MP3 of a quiet tone, `seconds` long (LAME, 16 kHz mono, 32 kbps), for a spec to store. */
export function toneMp3(seconds: number): Promise<Uint8Array> {
  const sampleRate = 16_000;
  const pcm = new Int16Array(Math.max(1, Math.round(seconds * sampleRate)));
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.round(3000 * Math.sin((2 * Math.PI * 220 * i) / sampleRate));
  return encodeMp3(pcm, undefined, { sampleRate, kbps: 32 });
}
