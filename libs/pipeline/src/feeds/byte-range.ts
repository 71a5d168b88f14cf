import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/**
 * Answers a GET of an in-memory file with its bytes, honouring one `Range: bytes=…` request as
 * podcast apps send it: `a-b`, `a-` and `-n` give 206 with `content-range`; a range past the end
 * gives 416 with a `content-range` naming the length; no range, another unit, or several ranges
 * give the whole file (200), which RFC 9110 allows. The body is base64 (`isBase64Encoded`), as
 * API Gateway needs for binary, and `accept-ranges: bytes` is always sent.
 */
export function rangedFile(
  bytes: Buffer,
  rangeHeader: string | undefined,
  headers: Record<string, string>,
): APIGatewayProxyStructuredResultV2 {
  const size = bytes.length;
  const range = parseSingleRange(rangeHeader, size);
  const common = { ...headers, 'accept-ranges': 'bytes' };
  if (range === 'unsatisfiable') {
    return {
      statusCode: 416,
      headers: { ...common, 'content-range': `bytes */${size}` },
      body: '',
    };
  }
  if (range === undefined) {
    return {
      statusCode: 200,
      headers: { ...common, 'content-length': String(size) },
      body: bytes.toString('base64'),
      isBase64Encoded: true,
    };
  }
  const part = bytes.subarray(range.start, range.end + 1);
  return {
    statusCode: 206,
    headers: {
      ...common,
      'content-range': `bytes ${range.start}-${range.end}/${size}`,
      'content-length': String(part.length),
    },
    body: part.toString('base64'),
    isBase64Encoded: true,
  };
}

function parseSingleRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
