/**
 * Deterministic generators of English-like text for the benchmarks, the speech-rate
 * calibration and the chunking property tests. Same seed → same text.
 */

/** A small, fast, seedable PRNG (mulberry32) returning floats in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the a of and to in is that it for on with as was at by this be from or an are have not ' +
  'podcast episode listener voice story question answer idea history science ocean river city ' +
  'energy battery solar wind market price policy research study result evidence experiment ' +
  'people community school teacher student library archive museum painting music rhythm ' +
  'really actually probably certainly interesting surprising important difficult simple ' +
  'explains suggests shows describes changes grows builds measures compares remembers'
).split(' ');

const CONNECTORS = [
  ', and',
  ', but',
  '; however,',
  ' — which',
  ', so',
  ': first,',
  ' (roughly)',
  ',',
];
const ENDINGS = ['.', '.', '.', '?', '!', '…', '."', '.)'];
const ODDITIES = [
  'e.g.',
  'Dr.',
  '3.14',
  'U.S.',
  'https://example.org/a/very/long/path/with-many-segments-and-no-spaces-at-all-whatsoever',
  '😀',
  '👩‍🔬',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'naïve',
  '日本語の文章',
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function sentence(random: () => number): string {
  const words: string[] = [];
  const length = 4 + Math.floor(random() * 22);
  for (let i = 0; i < length; i += 1) {
    const roll = random();
    if (roll < 0.02) words.push(pick(random, ODDITIES));
    else words.push(pick(random, WORDS));
    if (i > 2 && i < length - 2 && random() < 0.08) {
      words[words.length - 1] += pick(random, CONNECTORS);
    }
  }
  const first = words[0] ?? 'so';
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ') + pick(random, ENDINGS);
}

/** A paragraph of `sentences` generated sentences. */
export function generateParagraph(random: () => number, sentences: number): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i += 1) out.push(sentence(random));
  return out.join(' ');
}

/** Text of at least `minChars` UTF-16 code units: paragraphs separated by blank lines. */
export function generateText(minChars: number, seed: number): string {
  const random = seededRandom(seed);
  const parts: string[] = [];
  let size = 0;
  while (size < minChars) {
    const paragraph = generateParagraph(random, 2 + Math.floor(random() * 8));
    parts.push(paragraph);
    size += paragraph.length + 2;
  }
  return parts.join('\n\n');
}

const CONVERSATION = [
  'Welcome back to the show. Today we are talking about how small rivers shape the cities built around them, and why that matters more than most people think.',
  'That is right, and I have to admit I did not expect this topic to be so interesting. When I started reading, I found that almost every old market town sits at a river crossing.',
  'Exactly. The crossing was the reason for the town. People met there, traded there, and over a few hundred years the meeting place became a street, then a square, then a city centre.',
  'So what happens when the river moves, or when a new bridge is built somewhere else? Does the town just fade away?',
  'Sometimes it does. Historians have a nice example from the fourteenth century, when a flood shifted a river by almost two kilometres, and within one generation the old market was empty.',
  'Wow. That is a powerful reminder that geography is not just a backdrop. It is part of the story, and it keeps shaping what we do, even when we stop noticing it.',
];

/** `count` samples of natural two-host podcast dialogue, a few hundred words each. */
export function generateConversation(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const samples: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const lines: string[] = [];
    for (let j = 0; j < 8; j += 1) lines.push(pick(random, CONVERSATION));
    samples.push(lines.join(' '));
  }
  return samples;
}
