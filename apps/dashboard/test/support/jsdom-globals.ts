// jsdom lacks some Web APIs that Node has. The @lumcast libs' index modules load the
// AWS SDK at import time (the dashboard never calls it), and the SDK needs these.
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web';
import { TextDecoder, TextEncoder } from 'node:util';

for (const [name, value] of Object.entries({
  TextEncoder,
  TextDecoder,
  ReadableStream,
  TransformStream,
  WritableStream,
})) {
  if (!(name in globalThis)) Object.assign(globalThis, { [name]: value });
}
