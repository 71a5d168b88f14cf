import { deflateSync } from 'node:zlib';

/** The cover's side in pixels: Apple Podcasts asks for a square of 1400–3000 px. */
export const COVER_ART_SIZE = 1400;

const BACKGROUND = [0x1f, 0x2a, 0x44];
const BARS = [0xf2, 0xb1, 0x34];
// Heights of the waveform's bars, as fractions of the cover's side.
const BAR_HEIGHTS = [0.18, 0.34, 0.52, 0.3, 0.62, 0.42, 0.24, 0.46, 0.2];

let cached: Buffer | undefined;

/**
 * Lumcast's cover art, the feed's `itunes:image`: a 1400 × 1400 PNG (an indexed-colour
 * waveform on a dark ground), drawn once per container and kept.
 */
export function coverArtPng(): Buffer {
  cached ??= drawCover();
  return cached;
}

function drawCover(): Buffer {
  const size = COVER_ART_SIZE;
  const barWidth = Math.floor(size / (BAR_HEIGHTS.length * 2 + 1));
  const rows = Buffer.alloc((size + 1) * size);
  for (let y = 0; y < size; y += 1) {
    const row = y * (size + 1); // each row starts with filter type 0 (none)
    const fromCentre = Math.abs(y - size / 2) / size;
    BAR_HEIGHTS.forEach((height, bar) => {
      if (fromCentre > height / 2) return;
      const left = barWidth * (bar * 2 + 1);
      rows.fill(1, row + 1 + left, row + 1 + left + barWidth);
    });
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 3, 0, 0, 0], 8); // 8-bit palette indices, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from([...BACKGROUND, ...BARS])),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
