import { quotaCost } from '@lumcast/quota';
import type { PodcastScript } from '@lumcast/script-generation';
import { LocalSynthesizer, PollySynthesizer } from '@lumcast/audio-assembly';
import { PollyClient } from '@aws-sdk/client-polly';
import { chunkAddress, type SpeechSettings } from '../src/renders/chunk-address';
import { engineVoices } from '../src/renders/engine-voices';
import { planRender } from '../src/renders/render-plan';
import { spokenWords as words, TIMED_SCRIPT as SCRIPT } from './support';

const NEURAL: SpeechSettings = { engine: 'polly', quality: 'neural', language: 'en-US' };

describe('chunkAddress', () => {
  const base = chunkAddress('Hello there.', 'Gregory', NEURAL);

  it('is the same for the same sound, and 32 hex characters', () => {
    expect(chunkAddress('Hello there.', 'Gregory', { ...NEURAL })).toBe(base);
    expect(base).toMatch(/^[0-9a-f]{32}$/);
  });

  it('takes en-US for a job that names no language', () => {
    expect(chunkAddress('Hello there.', 'Gregory', { engine: 'polly', quality: 'neural' })).toBe(
      base,
    );
  });

  it.each([
    ['text', () => chunkAddress('Hello there!', 'Gregory', NEURAL)],
    ['voice', () => chunkAddress('Hello there.', 'Danielle', NEURAL)],
    ['engine', () => chunkAddress('Hello there.', 'Gregory', { ...NEURAL, engine: 'espeak-ng' })],
    [
      'quality',
      () => chunkAddress('Hello there.', 'Gregory', { ...NEURAL, quality: 'generative' }),
    ],
    ['language', () => chunkAddress('Hello there.', 'Gregory', { ...NEURAL, language: 'en-GB' })],
  ])('changes with the %s', (_, address) => {
    expect(address()).not.toBe(base);
  });
});

describe('engineVoices', () => {
  const polly = new PollySynthesizer({ client: new PollyClient({ region: 'us-east-1' }) });
  const local = new LocalSynthesizer();

  it.each([
    ['en-US', 'neural'],
    ['en-GB', 'standard'],
    ['de-DE', 'generative'],
    ['es-MX', 'neural'],
  ] as const)('answers each host voice in %s at %s as the synthesizers do', (language, quality) => {
    for (const host of [0, 1] as const) {
      expect(engineVoices('polly').voiceForHost(host, quality, language)).toBe(
        polly.voiceForHost(host, quality, language),
      );
      expect(engineVoices('espeak-ng').voiceForHost(host, quality, language)).toBe(
        local.voiceForHost(host, quality, language),
      );
    }
  });
});

describe('planRender', () => {
  const job = { quality: 'neural' as const };
  const first = planRender({ script: SCRIPT }, job, { engine: 'espeak-ng' });

  it('speaks every chunk of a first render and quotes the whole script', () => {
    expect(first).toMatchObject({
      estimatedSeconds: 105,
      newSeconds: 105,
      estimatedCost: quotaCost('neural', 105),
      chunksToSynthesize: 3,
      chunksReused: 0,
    });
  });

  it('reuses every chunk whose address the job has, and quotes only the new ones', () => {
    const edited: PodcastScript = structuredClone(SCRIPT);
    (edited.chapters[1]?.segments[0] as { text: string }).text = words(190);
    const known = first.chunks.map((chunk) => chunk.address);
    const again = planRender(
      { script: edited },
      { ...job, chunkAddresses: known },
      {
        engine: 'espeak-ng',
      },
    );
    expect(again.chunks.map((chunk) => chunk.synthesize)).toEqual([false, false, true]);
    expect(again).toMatchObject({ newSeconds: 59, estimatedCost: 2, chunksReused: 2 });
  });

  it("addresses a chunk by its host's chosen voice", () => {
    const chosen = planRender(
      { script: SCRIPT },
      { ...job, hostProfiles: [{ voice: 'Danielle' }, {}] },
      { engine: 'polly' },
    );
    const plain = planRender({ script: SCRIPT }, job, { engine: 'polly' });
    expect(chosen.chunks.map((chunk) => chunk.voice)).toEqual(['Danielle', undefined, 'Danielle']);
    expect(chosen.chunks[0]?.address).not.toBe(plain.chunks[0]?.address);
    expect(chosen.chunks[1]?.address).toBe(plain.chunks[1]?.address);
  });

  it('speaks a line said twice in the same voice once', () => {
    const twice: PodcastScript = structuredClone(SCRIPT);
    const moon = twice.chapters[0]?.segments as { speaker: string; text: string }[];
    moon.push({ speaker: 'Alex', text: words(49) });
    const plan = planRender({ script: twice }, job, { engine: 'espeak-ng' });
    expect(plan.chunks.map((chunk) => chunk.synthesize)).toEqual([true, true, false, true]);
    expect(plan).toMatchObject({ newSeconds: 105, chunksToSynthesize: 3, chunksReused: 1 });
  });
});
