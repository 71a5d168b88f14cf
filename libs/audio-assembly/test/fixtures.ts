// Real MP3 fixtures made in the tests with @breezystack/lamejs, plus tag/header builders written from the
// specifications (independent of the library's own writers).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Fixture {
  bytes: Uint8Array;
  /** PCM samples per channel fed to the encoder. */
  samplesFed: number;
}

/** A sine (with a slow tremolo so the encoder has something to code) as 16-bit PCM. */
export function tone(sampleRate: number, seconds: number, frequency = 440): Int16Array {
  const pcm = new Int16Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < pcm.length; i++) {
    const t = i / sampleRate;
    pcm[i] = Math.round(
      9000 * Math.sin(2 * Math.PI * frequency * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t)),
    );
  }
  return pcm;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const encoded = new Map<string, Promise<Fixture>>();

/** Encodes with lamejs directly (CBR, no Xing header); memoized per arguments (callers must not mutate). */
export function lameMp3(
  sampleRate: number,
  channels: 1 | 2,
  kbps: number,
  seconds: number,
  frequency = 440,
): Promise<Fixture> {
  const key = [sampleRate, channels, kbps, seconds, frequency].join('/');
  let fixture = encoded.get(key);
  if (!fixture) {
    fixture = encode(sampleRate, channels, kbps, seconds, frequency);
    encoded.set(key, fixture);
  }
  return fixture;
}

async function encode(
  sampleRate: number,
  channels: 1 | 2,
  kbps: number,
  seconds: number,
  frequency = 440,
): Promise<Fixture> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const left = tone(sampleRate, seconds, frequency);
  const right = channels === 2 ? tone(sampleRate, seconds, frequency * 1.5) : undefined;
  const encoder = new Mp3Encoder(channels, sampleRate, kbps);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < left.length; i += 1152) {
    parts.push(encoder.encodeBuffer(left.subarray(i, i + 1152), right?.subarray(i, i + 1152)));
  }
  parts.push(encoder.flush());
  return { bytes: concatBytes(...parts), samplesFed: left.length };
}

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const syncsafe = (n: number) => [(n >> 21) & 0x7f, (n >> 14) & 0x7f, (n >> 7) & 0x7f, n & 0x7f];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

/** An ID3v2.3 tag with a title and an APIC picture of `pictureBytes` bytes (the picture contains 0xFF 0xFB sync-like bytes). */
export function id3v2WithPicture(pictureBytes: number, withFooter = false): Uint8Array {
  const frame = (id: string, body: Uint8Array) =>
    concatBytes(ascii(id), Uint8Array.from(be32(body.length)), Uint8Array.of(0, 0), body);
  const picture = new Uint8Array(pictureBytes);
  for (let i = 0; i < picture.length; i++)
    picture[i] = i % 7 === 0 ? 0xff : i % 7 === 1 ? 0xfb : (i * 31) & 0xff;
  picture.set([0xff, 0xd8, 0xff, 0xe0], 0); // JPEG magic
  const frames = concatBytes(
    frame('TIT2', concatBytes(Uint8Array.of(0), ascii('Fixture'))),
    frame(
      'APIC',
      concatBytes(
        Uint8Array.of(0),
        ascii('image/jpeg\0'),
        Uint8Array.of(3),
        ascii('cover\0'),
        picture,
      ),
    ),
  );
  const version = withFooter ? 4 : 3;
  const header = concatBytes(
    ascii('ID3'),
    Uint8Array.of(version, 0, withFooter ? 0x10 : 0),
    Uint8Array.from(syncsafe(frames.length)),
  );
  const footer = concatBytes(
    ascii('3DI'),
    Uint8Array.of(version, 0, 0x10),
    Uint8Array.from(syncsafe(frames.length)),
  );
  return withFooter ? concatBytes(header, frames, footer) : concatBytes(header, frames);
}

/** A 128-byte ID3v1 tag. */
export function id3v1(): Uint8Array {
  const tag = new Uint8Array(128);
  tag.set(ascii('TAGA title'), 0);
  tag[127] = 12;
  return tag;
}

/** An APEv2 tag with header and footer and one item. */
export function apeTag(): Uint8Array {
  const item = concatBytes(
    Uint8Array.from(le32(5)),
    Uint8Array.from(le32(0)),
    ascii('Title\0'),
    ascii('hello'),
  );
  const size = item.length + 32; // items + footer
  const block = (isHeader: boolean) =>
    concatBytes(
      ascii('APETAGEX'),
      Uint8Array.from(le32(2000)),
      Uint8Array.from(le32(size)),
      Uint8Array.from(le32(1)),
      Uint8Array.from(le32(0x80000000 | (isHeader ? 0x20000000 : 0))),
      new Uint8Array(8),
    );
  return concatBytes(block(true), item, block(false));
}

/** Junk that contains sync-looking bytes but no run of valid frames. */
export function junk(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = i % 5 === 0 ? 0xff : (i * 131 + 7) & 0xff;
  return bytes;
}

/** Frame length of the MPEG header at `offset` (Layer III only; independent reimplementation for fixtures). */
export function frameLengthAt(bytes: Uint8Array, offset: number): number {
  const b1 = bytes[offset + 1] as number;
  const b2 = bytes[offset + 2] as number;
  const mpeg1 = ((b1 >> 3) & 3) === 3;
  const rates = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] }[
    (b1 >> 3) & (3 as 0 | 2 | 3)
  ];
  const bitrates = mpeg1
    ? [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
    : [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  const rate = (rates as number[])[(b2 >> 2) & 3] as number;
  return (
    Math.floor(((mpeg1 ? 144 : 72) * (bitrates[b2 >> 4] as number) * 1000) / rate) + ((b2 >> 1) & 1)
  );
}

/** Splits a lamejs stream (no tags) into its frames. */
export function splitFrames(bytes: Uint8Array): Uint8Array[] {
  const frames: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length;) {
    const length = frameLengthAt(bytes, offset);
    frames.push(bytes.subarray(offset, offset + length));
    offset += length;
  }
  return frames;
}

/**
 * A header frame in front of `audioFrames` frames: 'Xing'/'Info' after the side info, or 'VBRI' at byte 36.
 * Built over a copy of the stream's first frame header, with all-zero side info.
 */
export function headerFrame(
  kind: 'Xing' | 'Info' | 'VBRI',
  template: Uint8Array,
  audioFrames: number,
  audioBytes: number,
): Uint8Array {
  const frame = new Uint8Array(frameLengthAt(template, 0));
  frame.set(template.subarray(0, 4), 0);
  frame[2] = (frame[2] as number) & ~0x02; // no padding
  const trimmed = frame.subarray(0, frameLengthAt(frame, 0));
  const mpeg1 = (((trimmed[1] as number) >> 3) & 3) === 3;
  const mono = (trimmed[3] as number) >> 6 === 3;
  const side = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  if (kind === 'VBRI') {
    trimmed.set(
      concatBytes(
        ascii('VBRI'),
        Uint8Array.of(0, 1, 0, 0, 0, 75),
        Uint8Array.from(be32(audioBytes)),
        Uint8Array.from(be32(audioFrames)),
      ),
      36,
    );
  } else {
    trimmed.set(
      concatBytes(
        ascii(kind),
        Uint8Array.from(be32(3)),
        Uint8Array.from(be32(audioFrames)),
        Uint8Array.from(be32(audioBytes)),
      ),
      4 + side,
    );
  }
  return trimmed;
}

export const FFMPEG = '/usr/bin/ffmpeg';
export const FFPROBE = '/usr/bin/ffprobe';

export function requireFfmpeg(): void {
  if (!existsSync(FFMPEG) || !existsSync(FFPROBE)) {
    throw new Error('ffmpeg/ffprobe are required by these tests: apt-get install -y ffmpeg');
  }
}

function withTempFile<T>(bytes: Uint8Array, extension: string, use: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'audio-assembly-'));
  const path = join(dir, `input.${extension}`);
  try {
    writeFileSync(path, bytes);
    return use(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Decoded audio: ffmpeg's error output, samples per channel, channels and the interleaved PCM. */
export interface Decoded {
  errors: string;
  samples: number;
  channels: number;
  pcm: Int16Array;
}

/** Decodes with one ffmpeg run to a bit-exact 16-bit WAV on stdout, read back here. */
export function ffmpegDecodeWithPcm(bytes: Uint8Array, extension: 'mp3' | 'wav' = 'mp3'): Decoded {
  return withTempFile(bytes, extension, (path) => {
    const result = spawnSync(
      FFMPEG,
      ['-v', 'error', '-i', path, '-bitexact', '-f', 'wav', '-c:a', 'pcm_s16le', 'pipe:1'],
      {
        maxBuffer: 1 << 30,
      },
    );
    const wav = new Uint8Array(result.stdout);
    const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
    let channels = 0;
    let offset = 12;
    while (offset + 8 <= wav.length) {
      const id = String.fromCharCode(...wav.subarray(offset, offset + 4));
      if (id === 'fmt ') channels = view.getUint16(offset + 10, true);
      if (id === 'data') break;
      offset += 8 + view.getUint32(offset + 4, true);
    }
    const data = wav.slice(offset + 8); // the size field is a placeholder on a pipe: take every byte
    const pcm = new Int16Array(data.buffer, 0, Math.floor(data.length / 2));
    return { errors: String(result.stderr), samples: pcm.length / channels, channels, pcm };
  });
}

/** Decodes with ffmpeg; returns ffmpeg's error output, the samples per channel and the channels. */
export function ffmpegDecode(
  bytes: Uint8Array,
  extension: 'mp3' | 'wav' = 'mp3',
): { errors: string; samples: number; channels: number } {
  const { errors, samples, channels } = ffmpegDecodeWithPcm(bytes, extension);
  return { errors, samples, channels };
}

/** ffprobe's view of an MP3 file: format duration and chapters. */
export function ffprobe(bytes: Uint8Array): {
  duration: number;
  chapters: { start_time: string; end_time: string; tags?: { title?: string } }[];
  errors: string;
} {
  return withTempFile(bytes, 'mp3', (path) => {
    const result = spawnSync(FFPROBE, [
      '-v',
      'error',
      '-show_chapters',
      '-show_format',
      '-of',
      'json',
      path,
    ]);
    const json = JSON.parse(String(result.stdout)) as {
      format: { duration: string };
      chapters: [];
    };
    return {
      duration: Number(json.format.duration),
      chapters: json.chapters,
      errors: String(result.stderr),
    };
  });
}
