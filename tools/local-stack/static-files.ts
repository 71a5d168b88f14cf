import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.vtt': 'text/vtt; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * The content type of a file, by its extension.
 */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Sends a file with `status` (200 unless told, say 404 for a not-found page), honouring a
 * single `Range: bytes=a-b` request on a 200 (so audio can seek); answers 416 for a range
 * outside the file.
 */
export async function sendFile(
  response: ServerResponse,
  file: string,
  range: string | undefined,
  headers: Record<string, string> = {},
  status = 200,
): Promise<void> {
  const { size } = await stat(file);
  const base = { 'content-type': contentTypeOf(file), 'accept-ranges': 'bytes', ...headers };
  const match = range && status === 200 ? /^bytes=(\d*)-(\d*)$/.exec(range) : null;
  if (range && match) {
    const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
    const end =
      match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (start > end || start >= size) {
      response.writeHead(416, { ...base, 'content-range': `bytes */${size}` }).end();
      return;
    }
    response.writeHead(206, {
      ...base,
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${size}`,
    });
    await pipe(createReadStream(file, { start, end }), response);
    return;
  }
  response.writeHead(status, { ...base, 'content-length': size });
  await pipe(createReadStream(file), response);
}

function pipe(stream: NodeJS.ReadableStream, response: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once('error', reject);
    response.once('close', () => resolve());
    stream.pipe(response);
  });
}

/**
 * Finds the file of a static export for a URL path, as a static host would:
 * `/` → `index.html`, `/episodes` → `episodes.html` or `episodes/index.html`.
 * Never leaves `root`: symbolic links are resolved (`realpath`) and the real
 * file must be inside the real root (compared with a path separator, so a
 * sibling `out-old` is not inside `out`); a link pointing out is not served.
 * Returns the real path of the file.
 */
export async function resolveStaticFile(
  root: string,
  urlPath: string,
): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const relative = path.posix.normalize(decoded).replace(/^\/+/, '');
  if (relative.split('/').includes('..')) return undefined;
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch {
    return undefined; // no dashboard export
  }
  const candidates =
    relative === ''
      ? ['index.html']
      : [relative, `${relative}.html`, path.posix.join(relative, 'index.html')];
  for (const candidate of candidates) {
    try {
      const file = await realpath(path.join(realRoot, candidate));
      if (!isInside(realRoot, file)) continue;
      if ((await stat(file)).isFile()) return file;
    } catch {
      // no such file (or a dangling link): try the next candidate
    }
  }
  return undefined;
}

function isInside(root: string, file: string): boolean {
  const prefix = root.endsWith(path.sep) ? root : `${root}${path.sep}`;
  return file.startsWith(prefix);
}
