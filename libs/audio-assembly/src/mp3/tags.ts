/** Reads a 28-bit ID3v2 "syncsafe" integer (7 bits per byte). */
export function readSyncsafe(bytes: Uint8Array, offset: number): number {
  return (
    (((bytes[offset] as number) & 0x7f) << 21) |
    (((bytes[offset + 1] as number) & 0x7f) << 14) |
    (((bytes[offset + 2] as number) & 0x7f) << 7) |
    ((bytes[offset + 3] as number) & 0x7f)
  );
}

function matchesAscii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (offset < 0 || offset + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) {
    if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

function readUint32LE(bytes: Uint8Array, offset: number): number {
  return (
    ((bytes[offset] as number) |
      ((bytes[offset + 1] as number) << 8) |
      ((bytes[offset + 2] as number) << 16) |
      ((bytes[offset + 3] as number) << 24)) >>>
    0
  );
}

/**
 * Length in bytes of the ID3v2 tag starting at `offset` (10-byte header + body + 10-byte footer when the
 * footer flag is set), or 0 when there is no valid ID3v2 header there.
 */
export function id3v2TagLengthAt(bytes: Uint8Array, offset: number): number {
  if (!matchesAscii(bytes, offset, 'ID3') || offset + 10 > bytes.length) return 0;
  const major = bytes[offset + 3] as number;
  const minor = bytes[offset + 4] as number;
  if (major === 0xff || minor === 0xff) return 0;
  for (let i = 6; i < 10; i++) if (((bytes[offset + i] as number) & 0x80) !== 0) return 0;
  const hasFooter = ((bytes[offset + 5] as number) & 0x10) !== 0;
  return 10 + readSyncsafe(bytes, offset + 6) + (hasFooter ? 10 : 0);
}

/** Offset of the first byte after every ID3v2 tag at the start of the file (tags may be repeated). */
export function skipLeadingTags(bytes: Uint8Array): number {
  let offset = 0;
  for (;;) {
    const length = id3v2TagLengthAt(bytes, offset);
    if (length === 0) return offset;
    offset += length;
  }
}

/**
 * Offset just past the audio: the file length minus any trailing ID3v1 tag, APE tag (v1 or v2, with or
 * without header), Lyrics3 v2 block and appended ID3v2 tag with footer, in any order and repeated.
 */
export function audioEndBeforeTrailingTags(bytes: Uint8Array, start: number): number {
  let end = bytes.length;
  for (;;) {
    const before = end;
    if (end - 128 >= start && matchesAscii(bytes, end - 128, 'TAG')) {
      end -= 128;
    }
    if (end - 32 >= start && matchesAscii(bytes, end - 32, 'APETAGEX')) {
      const size = readUint32LE(bytes, end - 20);
      const flags = readUint32LE(bytes, end - 12);
      const total = size + ((flags & 0x80000000) !== 0 ? 32 : 0);
      if (total >= 32 && end - total >= start) end -= total;
    }
    if (end - 15 >= start && matchesAscii(bytes, end - 9, 'LYRICS200')) {
      const size = Number(String.fromCharCode(...bytes.subarray(end - 15, end - 9)));
      if (
        Number.isInteger(size) &&
        end - 15 - size >= start &&
        matchesAscii(bytes, end - 15 - size, 'LYRICSBEGIN')
      ) {
        end -= 15 + size;
      }
    }
    if (end - 10 >= start && matchesAscii(bytes, end - 10, '3DI')) {
      const total = readSyncsafe(bytes, end - 4) + 20;
      if (end - total >= start && matchesAscii(bytes, end - total, 'ID3')) end -= total;
    }
    if (end === before) return end;
  }
}
