import { inflateSync } from 'node:zlib';
import { COVER_ART_SIZE, coverArtPng } from '../src/feeds/cover-art';

/** The PNG's chunks: type, data and the CRC stored after them. */
function chunks(png: Buffer): Array<{ type: string; data: Buffer; crc: number }> {
  const found = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    found.push({ type, data, crc: png.readUInt32BE(at + 8 + length) });
    at += 12 + length;
  }
  return found;
}

describe('coverArtPng', () => {
  const png = coverArtPng();

  it('is a PNG of COVER_ART_SIZE square pixels, the 1400 px Apple Podcasts asks for at least', () => {
    expect(png.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const [header] = chunks(png);
    expect(header?.type).toBe('IHDR');
    expect(header?.data.readUInt32BE(0)).toBe(COVER_ART_SIZE);
    expect(header?.data.readUInt32BE(4)).toBe(COVER_ART_SIZE);
    expect(COVER_ART_SIZE).toBeGreaterThanOrEqual(1400);
  });

  it('has its chunks in order and image data that inflates to one filtered row per pixel row', () => {
    const found = chunks(png);
    expect(found.map((chunk) => chunk.type)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    const rows = inflateSync(found[2]?.data as Buffer);
    expect(rows.length).toBe((COVER_ART_SIZE + 1) * COVER_ART_SIZE);
    const palette = found[1]?.data as Buffer;
    const colours = palette.length / 3;
    for (let row = 0; row < COVER_ART_SIZE; row += 1) {
      const start = row * (COVER_ART_SIZE + 1);
      expect(rows[start]).toBe(0); // filter type: none
      const pixels = rows.subarray(start + 1, start + 1 + COVER_ART_SIZE);
      expect(pixels.every((index) => index < colours)).toBe(true);
    }
  });

  it('carries a correct CRC-32 on every chunk, as decoders check', () => {
    for (const chunk of chunks(png)) {
      const typed = Buffer.concat([Buffer.from(chunk.type, 'latin1'), chunk.data]);
      expect(chunk.crc).toBe(referenceCrc32(typed));
    }
  });

  it('is drawn once and kept, well under a megabyte', () => {
    expect(coverArtPng()).toBe(png);
    expect(png.length).toBeLessThan(100_000);
  });
});

/** A bit-at-a-time CRC-32 (IEEE), written independently of the table-driven one under test. */
function referenceCrc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
