// Benchmarks of @lumcast/audio-assembly, each against a baseline measured in the same run.
// Run: npx tsx libs/audio-assembly/bench/audio-assembly.bench.ts (or npx nx run audio-assembly:bench)
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { LocalSynthesizer } from '../src/local/local-synthesizer';
import { assembleMp3 } from '../src/mp3/assemble-mp3';
import { encodeMp3 } from '../src/mp3/encoder';
import { mp3Info } from '../src/mp3/info';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** `global.gc` when run with --expose-gc (the bench target does). */
const collectGarbage = (globalThis as { gc?: () => void }).gc;

interface Timing {
  min: number;
  median: number;
}

/** Runs the contenders in turn (so both see the same machine noise); returns min and median per contender. */
function race(
  contenders: Record<string, () => void>,
  rounds: number,
): Record<string, { min: number; median: number }> {
  const samples: Record<string, number[]> = {};
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(contenders)) {
      collectGarbage?.(); // so one contender's 21 MB garbage is not collected inside another's timing
      const start = performance.now();
      run();
      (samples[name] ??= []).push(performance.now() - start);
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, values]) => [
      name,
      { min: Math.min(...values), median: median(values) },
    ]),
  );
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Speech-like test signal: a pitch-gliding tone with syllable-rate bursts and pauses. */
function speechLike(sampleRate: number, seconds: number): Int16Array {
  const pcm = new Int16Array(Math.round(sampleRate * seconds));
  let phase = 0;
  for (let i = 0; i < pcm.length; i++) {
    const t = i / sampleRate;
    phase += (2 * Math.PI * (120 + 40 * Math.sin(2 * Math.PI * 0.7 * t))) / sampleRate;
    const envelope =
      Math.max(0, Math.sin(2 * Math.PI * 4 * t)) *
      (Math.sin(2 * Math.PI * 0.25 * t) > -0.7 ? 1 : 0);
    pcm[i] = Math.round(8000 * envelope * (Math.sin(phase) + 0.3 * Math.sin(3 * phase)));
  }
  return pcm;
}

async function benchAssembly(): Promise<void> {
  const minuteOfSpeech = await encodeMp3(speechLike(24000, 60), undefined, {
    sampleRate: 24000,
    kbps: 48,
  });
  const tag = Uint8Array.from([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    0,
    0,
    0x10,
    0,
    ...new Array(2048).fill(0),
  ]);
  const chunks = Array.from({ length: 60 }, () => {
    const chunk = new Uint8Array(tag.length + minuteOfSpeech.length);
    chunk.set(tag, 0);
    chunk.set(minuteOfSpeech, tag.length);
    return chunk;
  });
  const totalBytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  let result = assembleMp3(chunks);
  const timings = race(
    {
      concat: () => Buffer.concat(chunks),
      assemble: () => {
        result = assembleMp3(chunks);
      },
      assembleWithSilence: () => assembleMp3(chunks, { silenceBetweenMs: 300 }),
      info: () => mp3Info(result.audio),
    },
    30,
  );
  const pick = (name: string): Timing => timings[name] ?? { min: Number.NaN, median: Number.NaN };
  const [concat, assemble, assembleWithSilence, info] = [
    'concat',
    'assemble',
    'assembleWithSilence',
    'info',
  ].map(pick) as [Timing, Timing, Timing, Timing];
  const ratio = (value: Timing) =>
    `${(value.min / concat.min).toFixed(2)}× (min) / ${(value.median / concat.median).toFixed(2)}× (median) memcpy`;
  console.log(
    '1. assembleMp3: 60 chunks × 60 s of 24 kHz mono 48 kbit/s MP3 (each behind a 2 kB ID3v2 tag), 30 interleaved rounds',
  );
  console.log(
    `   input ${(totalBytes / 1e6).toFixed(1)} MB, output ${(result.audio.length / 1e6).toFixed(1)} MB, ` +
      `${result.frames} frames, ${(result.durationSeconds / 60).toFixed(2)} min`,
  );
  console.log(
    `   Buffer.concat (memcpy baseline): min ${ms(concat.min)}, median ${ms(concat.median)}`,
  );
  console.log(
    `   assembleMp3: min ${ms(assemble.min)}, median ${ms(assemble.median)} → ${ratio(assemble)} (goal ≤ 3×)`,
  );
  console.log(
    `   assembleMp3 + 300 ms silences: min ${ms(assembleWithSilence.min)}, median ${ms(assembleWithSilence.median)} → ${ratio(assembleWithSilence)}`,
  );
  console.log(`   mp3Info on the 60-min result: min ${ms(info.min)}, median ${ms(info.median)}`);
}

async function benchLocalSynthesizer(): Promise<void> {
  const texts = [
    'Welcome back to the show. Today we are talking about the tides, and why the moon pulls the sea.',
    'That is right. Twice a day the water rises and falls, and sailors have timed their trips by it for centuries.',
    'But the sun matters too. When the sun and the moon line up, we get the strongest tides of the month.',
    'Those are the spring tides, which have nothing to do with the season, despite the name.',
  ];
  const local = new LocalSynthesizer();
  const coldStart = performance.now();
  const cold = await local.synthesize({
    text: texts[0] as string,
    voice: local.voiceForHost(0, 'standard'),
    quality: 'standard',
  });
  const coldMs = performance.now() - coldStart;
  let audioSeconds = 0;
  const warmStart = performance.now();
  for (let round = 0; round < 3; round++) {
    for (const [index, text] of texts.entries()) {
      const mp3 = await local.synthesize({
        text,
        voice: local.voiceForHost((index % 2) as 0 | 1, 'standard'),
        quality: 'standard',
      });
      audioSeconds += mp3Info(mp3).durationSeconds;
    }
  }
  const warmSeconds = (performance.now() - warmStart) / 1000;
  await local.close();
  console.log(
    '2. LocalSynthesizer (espeak-ng WASM in a worker + lamejs, 22.05 kHz mono 48 kbit/s)',
  );
  console.log(
    `   first call (worker start + WASM compile + ${mp3Info(cold).durationSeconds.toFixed(1)} s of speech): ${coldMs.toFixed(0)} ms`,
  );
  console.log(
    `   12 warm calls: ${audioSeconds.toFixed(1)} s of speech in ${warmSeconds.toFixed(2)} s → real-time factor ${(audioSeconds / warmSeconds).toFixed(1)}×`,
  );
}

async function main(): Promise<void> {
  console.log(
    `@lumcast/audio-assembly bench — node ${process.version}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await benchAssembly();
  await benchLocalSynthesizer();
}

void main();
