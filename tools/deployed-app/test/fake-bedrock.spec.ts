import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import {
  answerScriptTool,
  BedrockScriptWriter,
  countScriptWords,
  targetWords,
  acceptedWordRange,
  type ScriptOutline,
} from '@lumcast/script-generation';
import { startFakeBedrock, type FakeBedrock } from '@lumcast/aws-emulator';

describe('the fake Bedrock', () => {
  let bedrock: FakeBedrock;
  let client: BedrockRuntimeClient;
  const writer = () =>
    new BedrockScriptWriter({ client, sleep: async () => undefined, maxAttempts: 3 });

  beforeEach(async () => {
    bedrock = await startFakeBedrock({
      outputTokensPerSecond: 100_000,
      answerTool: answerScriptTool,
    });
    client = new BedrockRuntimeClient({
      endpoint: bedrock.url,
      region: 'us-east-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      maxAttempts: 1,
      requestHandler: { requestTimeout: 300, disableConcurrentStreams: true },
    });
  });
  afterEach(async () => {
    client.destroy();
    await bedrock.stop();
  });

  it('speaks with the hosts the user turn quotes, in their order', async () => {
    const script = await writer().write({
      topic: 'Tides',
      minutes: 5,
      quality: 'neural',
      hosts: [{ name: 'Noor' }, { name: 'Ivo' }],
    });
    const speakers = script.chapters.flatMap((chapter) => chapter.segments.map((s) => s.speaker));
    expect(new Set(speakers)).toEqual(new Set(['Noor', 'Ivo']));
    expect(speakers[0]).toBe('Noor');
  });

  it('answers a real client with a whole script inside the requested length', async () => {
    const script = await writer().write({ topic: 'Tides', minutes: 5, quality: 'neural' });
    const { min, max } = acceptedWordRange(targetWords(5, 'neural'));
    expect(countScriptWords(script)).toBeGreaterThanOrEqual(min);
    expect(countScriptWords(script)).toBeLessThanOrEqual(max);
    expect(bedrock.requests).toHaveLength(1);
    expect(bedrock.requests[0]?.tool).toBe('submit_podcast_script');
  });

  it('answers an outline and its chapters for a 60-minute episode', async () => {
    const request = { topic: 'Tides', minutes: 60, quality: 'neural' as const };
    const plan = await writer().planScript(request);
    expect(plan.kind).toBe('chapters');
    const outline = (plan as { outline: ScriptOutline }).outline;
    const chapter = await writer().writeChapter(request, outline, 1);
    const words = chapter.segments.reduce((sum, s) => sum + s.text.split(' ').length, 0);
    const { min, max } = acceptedWordRange(outline.chapters[1]?.targetWords ?? 0);
    expect(words).toBeGreaterThanOrEqual(min);
    expect(words).toBeLessThanOrEqual(max);
    expect(bedrock.requests.map((r) => r.answer)).toEqual(['ok', 'ok']);
  });

  it('injects one 5xx, which the writer retries', async () => {
    bedrock.inject({ kind: 'server-error', count: 1 });
    await writer().write({ topic: 'Tides', minutes: 2, quality: 'neural' });
    expect(bedrock.requests.map((r) => r.answer)).toEqual(['server-error', 'ok']);
  });

  it('injects a hang that the client cuts at its requestTimeout', async () => {
    bedrock.inject({ kind: 'timeout', count: 1 });
    await writer().write({ topic: 'Tides', minutes: 2, quality: 'neural' });
    expect(bedrock.requests.map((r) => r.answer)).toEqual(['timeout', 'ok']);
  });

  it('throttles every request during a storm, and a writer out of attempts fails ModelUnavailableError', async () => {
    bedrock.inject({ kind: 'throttle', durationMs: 60_000 });
    await expect(
      writer().write({ topic: 'Tides', minutes: 2, quality: 'neural' }),
    ).rejects.toMatchObject({ name: 'ModelUnavailableError', code: 'ThrottlingException' });
    expect(bedrock.requests.map((r) => r.answer)).toEqual(['throttle', 'throttle', 'throttle']);
  });
});
