import { ChunkSynthesisError, InvalidAudioOptionsError, synthesizeAll } from '../src/index';
import type { SpeechRequest, SpeechSynthesizer } from '../src/index';

/** A narrow fake synthesizer: answers after `delayMs` with the text's bytes, and records what it saw. */
function fakeSynthesizer(
  delayMs: (request: SpeechRequest) => number,
  fail?: (request: SpeechRequest) => boolean,
) {
  const seen: { request: SpeechRequest; startedAt: number }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const synthesizer: SpeechSynthesizer = {
    voiceForHost: (host) => `voice-${host}`,
    async synthesize(request) {
      seen.push({ request, startedAt: Date.now() });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, delayMs(request)));
      inFlight--;
      if (fail?.(request)) throw new Error(`engine refused "${request.text}"`);
      return new TextEncoder().encode(request.text);
    },
  };
  return { synthesizer, seen, maxInFlight: () => maxInFlight };
}

const chunks = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    text: `chunk ${index}`,
    voice: index % 2 ? 'b' : 'a',
  }));
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('synthesizeAll', () => {
  it('returns the audio in chunk order even when later chunks finish first', async () => {
    const fake = fakeSynthesizer((request) => (request.text === 'chunk 0' ? 40 : 1));
    const audio = await synthesizeAll(chunks(6), fake.synthesizer, {
      quality: 'neural',
      concurrency: 3,
      requestsPerSecond: 1000,
    });

    expect(audio.map(decode)).toEqual(chunks(6).map((chunk) => chunk.text));
    expect(fake.seen.every(({ request }) => request.quality === 'neural')).toBe(true);
  });

  it('never has more than `concurrency` requests in flight', async () => {
    const fake = fakeSynthesizer(() => 5);
    await synthesizeAll(chunks(12), fake.synthesizer, {
      quality: 'standard',
      concurrency: 3,
      requestsPerSecond: 1000,
    });

    expect(fake.maxInFlight()).toBe(3);
  });

  it('spaces request starts by 1000 / requestsPerSecond ms on the injected clock', async () => {
    let clock = 1_000_000;
    const waits: number[] = [];
    const starts: number[] = [];
    const synthesizer: SpeechSynthesizer = {
      voiceForHost: () => 'v',
      synthesize: async () => {
        starts.push(clock);
        clock += 30; // each request takes 30 ms of fake time
        return new Uint8Array(1);
      },
    };
    await synthesizeAll(chunks(5), synthesizer, {
      quality: 'neural',
      concurrency: 1,
      requestsPerSecond: 8,
      now: () => new Date(clock),
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });

    expect(starts.map((start) => start - 1_000_000)).toEqual([0, 125, 250, 375, 500]);
    expect(waits).toEqual([95, 95, 95, 95]);
  });

  it('holds the start rate with real timers and several workers', async () => {
    const fake = fakeSynthesizer(() => 2);
    await synthesizeAll(chunks(8), fake.synthesizer, {
      quality: 'neural',
      concurrency: 4,
      requestsPerSecond: 50,
    });
    const gaps = fake.seen
      .slice(1)
      .map((entry, index) => entry.startedAt - (fake.seen[index]?.startedAt ?? Number.NaN));

    // setTimeout may fire up to 1 ms early against Date.now(); 20 ms is the cap.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(19);
  });

  it('fails the whole batch with a ChunkSynthesisError naming the failed chunk, and starts nothing after it', async () => {
    const fake = fakeSynthesizer(
      () => 5,
      (request) => request.text === 'chunk 3',
    );
    const failure = synthesizeAll(chunks(20), fake.synthesizer, {
      quality: 'generative',
      concurrency: 2,
      requestsPerSecond: 1000,
    });

    await expect(failure).rejects.toBeInstanceOf(ChunkSynthesisError);
    await expect(failure).rejects.toMatchObject({
      chunkIndex: 3,
      cause: expect.objectContaining({ message: 'engine refused "chunk 3"' }),
    });
    expect(fake.seen.length).toBeLessThanOrEqual(5);
  });

  it('returns an empty list for no chunks without calling the synthesizer', async () => {
    const fake = fakeSynthesizer(() => 1);

    await expect(
      synthesizeAll([], fake.synthesizer, {
        quality: 'neural',
        concurrency: 1,
        requestsPerSecond: 1,
      }),
    ).resolves.toEqual([]);
    expect(fake.seen).toHaveLength(0);
  });

  it.each([
    ['a concurrency of 0', { concurrency: 0 }],
    ['a fractional concurrency', { concurrency: 1.5 }],
    ['a rate of 0', { requestsPerSecond: 0 }],
    ['an infinite rate', { requestsPerSecond: Number.POSITIVE_INFINITY }],
    ['an unknown quality', { quality: 'ultra' }],
  ])('refuses %s before any request', async (_label, override) => {
    const fake = fakeSynthesizer(() => 1);
    const options = {
      quality: 'neural',
      concurrency: 2,
      requestsPerSecond: 8,
      ...override,
    } as Parameters<typeof synthesizeAll>[2];

    await expect(synthesizeAll(chunks(2), fake.synthesizer, options)).rejects.toBeInstanceOf(
      InvalidAudioOptionsError,
    );
    expect(fake.seen).toHaveLength(0);
  });

  it('refuses a chunk without text or voice before any request', async () => {
    const fake = fakeSynthesizer(() => 1);
    const bad = [...chunks(2), { text: '  ', voice: 'a' }];

    await expect(
      synthesizeAll(bad, fake.synthesizer, {
        quality: 'neural',
        concurrency: 2,
        requestsPerSecond: 8,
      }),
    ).rejects.toThrow(/chunk 2 has no text/);
    expect(fake.seen).toHaveLength(0);
  });
});
