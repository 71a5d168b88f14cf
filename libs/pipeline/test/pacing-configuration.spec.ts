import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { readEnvironment } from '../src/config/environment';
import { ConfigurationError } from '../src/errors';
import { modelTurnsFrom, speechTurnsFrom } from '../src/pacing/pacing-from-environment';

const dynamodb = new DynamoDBClient({ region: 'us-east-1' });
const base = {
  LUMCAST_USERS_TABLE: 'users',
  LUMCAST_JOBS_TABLE: 'jobs',
  LUMCAST_SERIES_TABLE: 'series',
  LUMCAST_AUDIO_BUCKET: 'audio',
};

describe('pacing from the environment', () => {
  it('paces nothing for espeak-ng and the offline writer, which have no provider limit', () => {
    const env = readEnvironment({
      ...base,
      LUMCAST_SCRIPT_WRITER: 'offline',
      LUMCAST_SPEECH: 'local',
    });
    expect(speechTurnsFrom(env, dynamodb)).toBeUndefined();
    expect(modelTurnsFrom(env, dynamodb, 'model')).toBeUndefined();
  });

  it.each([
    ['Polly', () => speechTurnsFrom(env({ LUMCAST_SPEECH: 'polly' }), dynamodb)],
    ['Bedrock', () => modelTurnsFrom(env({ LUMCAST_SCRIPT_WRITER: 'bedrock' }), dynamodb, 'model')],
  ])(
    'refuses to call %s unpaced: no pacing table is a ConfigurationError at cold start',
    (provider, build) => {
      expect(build).toThrow(ConfigurationError);
      expect(build).toThrow(
        new RegExp(`LUMCAST_PACING_TABLE must be set where ${provider} is called`),
      );
    },
  );

  it('keys Polly per engine and Bedrock per model, at the configured quotas', () => {
    const paced = env({
      LUMCAST_SPEECH: 'polly',
      LUMCAST_SCRIPT_WRITER: 'bedrock',
      LUMCAST_PACING_TABLE: 'pacing',
    });
    const speech = speechTurnsFrom(paced, dynamodb);
    expect([speech?.standard.key, speech?.neural.key, speech?.generative.key]).toEqual([
      'polly:standard',
      'polly:neural',
      'polly:generative',
    ]);
    expect(modelTurnsFrom(paced, dynamodb, 'eu.anthropic.x')?.key).toBe('bedrock:eu.anthropic.x');
  });

  it.each([
    ['LUMCAST_POLLY_NEURAL_TPS', '0'],
    ['LUMCAST_POLLY_STANDARD_TPS', '-1'],
    ['LUMCAST_BEDROCK_REQUESTS_PER_MINUTE', 'many'],
  ])('refuses %s=%p with a ConfigurationError naming it', (name, value) => {
    expect(() => env({ [name]: value })).toThrow(new RegExp(name));
  });
});

function env(overrides: Record<string, string>) {
  return readEnvironment({
    ...base,
    LUMCAST_SCRIPT_WRITER: 'offline',
    LUMCAST_SPEECH: 'local',
    ...overrides,
  });
}
