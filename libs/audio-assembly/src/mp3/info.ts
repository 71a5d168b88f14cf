import type { MpegVersion } from './frame-header';
import { type Mp3HeaderFrameKind, scanMp3Frames } from './frames';

/** Measured facts about one MP3 stream. */
export interface Mp3Info {
  sampleRate: number;
  /** 1 (mono) or 2 (stereo, joint stereo, dual channel). */
  channels: 1 | 2;
  /** Audio frames counted by walking the stream (Xing/Info/VBRI frame and truncated last frame excluded). */
  frames: number;
  /** `frames × samplesPerFrame / sampleRate`: encoder delay and padding are included (see README). */
  durationSeconds: number;
  version: MpegVersion;
  /** 1152 (MPEG-1) or 576 (MPEG-2, MPEG-2.5). */
  samplesPerFrame: 1152 | 576;
  /** 'variable' when the audio frames do not all share one bit rate. */
  bitrateMode: 'constant' | 'variable';
  /** Audio bytes × 8 / duration, in kbit/s. */
  averageBitrateKbps: number;
  /** The informational header frame found before the audio, if any. */
  headerFrame: Mp3HeaderFrameKind | null;
  /** Frame count that header frame declares (may disagree with `frames` for a damaged file). */
  declaredFrames: number | null;
  /** Bytes of audio frames. */
  audioBytes: number;
  /** Junk bytes skipped while syncing, plus a dropped truncated last frame. */
  skippedBytes: number;
}

/**
 * Measures an MP3 (MPEG-1, MPEG-2 or MPEG-2.5 Layer III) by walking its frames: tags skipped, the
 * Xing/Info/VBRI frame excluded, CBR or VBR, junk resynced over, a truncated last frame dropped.
 *
 * @throws AudioFormatError for empty input or input that holds no Layer III frames.
 * @example
 * ```ts
 * const info = mp3Info(new Uint8Array(await readFile('episode.mp3')));
 * console.log(info.durationSeconds, info.sampleRate, info.channels);
 * ```
 */
export function mp3Info(audio: Uint8Array): Mp3Info {
  const scan = scanMp3Frames(audio);
  const durationSeconds = (scan.frames * scan.first.samplesPerFrame) / scan.first.sampleRate;
  return {
    sampleRate: scan.first.sampleRate,
    channels: scan.first.channels,
    frames: scan.frames,
    durationSeconds,
    version: scan.first.version,
    samplesPerFrame: scan.first.samplesPerFrame,
    bitrateMode: scan.variableBitrate ? 'variable' : 'constant',
    averageBitrateKbps: (scan.audioBytes * 8) / durationSeconds / 1000,
    headerFrame: scan.headerFrame ?? null,
    declaredFrames: scan.declaredFrames ?? null,
    audioBytes: scan.audioBytes,
    skippedBytes: scan.skippedBytes,
  };
}
