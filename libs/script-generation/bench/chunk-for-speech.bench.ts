/**
 * Benchmark of `chunkForSpeech` on several megabytes of generated prose, against two
 * baselines measured in the same run:
 *  - `split`: `text.split(/(?<=[.!?])\s+/)` — sentence splitting alone (no size bound, no
 *    fallbacks), the cheapest thing that could be called chunking;
 *  - `split+pack`: the same split, then sentences greedily packed into ≤ 3,000-character
 *    chunks (the usual hand-written chunker; it still breaks on sentences over the limit).
 *
 * Run: `npx tsx --tsconfig libs/script-generation/tsconfig.json libs/script-generation/bench/chunk-for-speech.bench.ts`
 */
import { chunkForSpeech } from '../src/speech/chunk-for-speech';
import { generateText } from './sample-text';

const MAX_CHARS = 3_000;
const RUNS = 7;

function splitBaseline(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/);
}

function splitAndPack(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    if (current.length + sentence.length + 1 > MAX_CHARS && current !== '') {
      chunks.push(current);
      current = sentence;
    } else {
      current = current === '' ? sentence : `${current} ${sentence}`;
    }
  }
  if (current !== '') chunks.push(current);
  return chunks;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function measure(run: () => unknown): number {
  run(); // warm-up
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return median(times);
}

console.log(
  `node ${process.version}, median of ${RUNS} runs after a warm-up, maxChars ${MAX_CHARS}`,
);
console.log(
  'input         | chunkForSpeech       | split (baseline)     | split+pack           | vs split | vs split+pack | chunks',
);
const inputs: [string, string][] = [1, 4, 16].map((megabytes) => [
  `prose ${String(megabytes).padStart(2)} MB`,
  generateText(megabytes * 1_000_000, megabytes),
]);
// Worst cases for the backward scan: no sentence end (whole 3,000-char window scanned per
// chunk, falls back to whitespace) and no whitespace at all (hard cuts).
inputs.push(['no punct 4 MB', generateText(4_000_000, 5).replace(/[.!?…。！？,;:—–]/g, '')]);
inputs.push(['no space 4 MB', 'x'.repeat(4_000_000)]);
for (const [label, text] of inputs) {
  const chunks = chunkForSpeech(text, { maxChars: MAX_CHARS });
  const ours = measure(() => chunkForSpeech(text, { maxChars: MAX_CHARS }));
  const split = measure(() => splitBaseline(text));
  const packed = measure(() => splitAndPack(text));
  const rate = (ms: number) => `${(text.length / 1e6 / (ms / 1000)).toFixed(0).padStart(4)} MB/s`;
  console.log(
    [
      `${label}`,
      ` ${ours.toFixed(1).padStart(7)} ms ${rate(ours)} `,
      ` ${split.toFixed(1).padStart(7)} ms ${rate(split)} `,
      ` ${packed.toFixed(1).padStart(7)} ms ${rate(packed)} `,
      ` ${(ours / split).toFixed(2).padStart(6)}× `,
      ` ${(ours / packed).toFixed(2).padStart(11)}× `,
      ` ${chunks.length}`,
    ].join('|'),
  );
}
console.log('(MB = 10^6 UTF-16 code units; a ratio below 1 means chunkForSpeech is faster)');
