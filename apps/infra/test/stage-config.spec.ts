import { RemovalPolicy } from 'aws-cdk-lib';
import { InvalidContextError } from '../src/errors';
import {
  DEFAULT_BEDROCK_MODEL_ID,
  DEFAULT_PROVIDER_QUOTAS,
  resolveStageConfig,
} from '../src/stage-config';

const from = (context: Record<string, unknown>) => (key: string) => context[key];

describe('resolveStageConfig', () => {
  it('makes dev disposable and prod retained and protected', () => {
    const dev = resolveStageConfig(from({ stage: 'dev' }));
    const prod = resolveStageConfig(from({ stage: 'prod' }));
    expect(dev).toEqual(
      expect.objectContaining({
        stage: 'dev',
        removalPolicy: RemovalPolicy.DESTROY,
        deletionProtection: false,
      }),
    );
    expect(prod).toEqual(
      expect.objectContaining({
        stage: 'prod',
        removalPolicy: RemovalPolicy.RETAIN,
        deletionProtection: true,
      }),
    );
  });

  it('uses the documented defaults when only the stage is given', () => {
    expect(resolveStageConfig(from({ stage: 'dev' }))).toEqual(
      expect.objectContaining({
        bedrockModelId: DEFAULT_BEDROCK_MODEL_ID,
        synthesizeReservedConcurrency: undefined,
        alarmEmail: undefined,
        cognitoDomainPrefix: undefined,
        providerQuotas: DEFAULT_PROVIDER_QUOTAS,
      }),
    );
    expect(DEFAULT_PROVIDER_QUOTAS).toEqual({
      pollyStandardTps: 80,
      pollyNeuralTps: 8,
      pollyGenerativeTps: 8,
      bedrockRequestsPerMinute: 200,
    });
  });

  it('reads the account’s provider quotas from context, as numbers or CLI strings', () => {
    expect(
      resolveStageConfig(
        from({ stage: 'prod', pollyNeuralTps: '20', bedrockRequestsPerMinute: 1000 }),
      ).providerQuotas,
    ).toEqual({ ...DEFAULT_PROVIDER_QUOTAS, pollyNeuralTps: 20, bedrockRequestsPerMinute: 1000 });
  });

  it.each([
    ['pollyStandardTps', '0'],
    ['pollyNeuralTps', '-8'],
    ['pollyGenerativeTps', 'eight'],
    ['bedrockRequestsPerMinute', ''],
    ['bedrockRequestsPerMinute', '1e9'],
  ])('rejects the provider quota %s = %p with a typed error naming the key', (key, value) => {
    const attempt = () => resolveStageConfig(from({ stage: 'dev', [key]: value }));
    expect(attempt).toThrow(InvalidContextError);
    expect(attempt).toThrow(new RegExp(`Context "${key}"`));
  });

  it.each([undefined, 'staging', 'PROD', 1])(
    'rejects the stage %p with a typed error naming the key',
    (stage) => {
      const attempt = () => resolveStageConfig(from({ stage }));
      expect(attempt).toThrow(InvalidContextError);
      expect(attempt).toThrow(/Context "stage" must be one of dev, prod/);
    },
  );

  it('reads the reserved concurrency from a CLI string, and "none" as unreserved', () => {
    expect(
      resolveStageConfig(from({ stage: 'dev', synthesizeReservedConcurrency: '4' }))
        .synthesizeReservedConcurrency,
    ).toBe(4);
    expect(
      resolveStageConfig(from({ stage: 'dev', synthesizeReservedConcurrency: 'none' }))
        .synthesizeReservedConcurrency,
    ).toBeUndefined();
  });

  it.each(['0', '9', '2.5', 'eight', ''])(
    "rejects the reserved concurrency %p (above Polly's rate or not a count)",
    (value) => {
      expect(() =>
        resolveStageConfig(from({ stage: 'dev', synthesizeReservedConcurrency: value })),
      ).toThrow(InvalidContextError);
    },
  );

  it('rejects a malformed model id, alarm address or Cognito prefix', () => {
    expect(() =>
      resolveStageConfig(from({ stage: 'dev', bedrockModelId: 'model with spaces' })),
    ).toThrow(/bedrockModelId/);
    expect(() => resolveStageConfig(from({ stage: 'dev', alarmEmail: 'not-an-address' }))).toThrow(
      /alarmEmail/,
    );
    expect(() => resolveStageConfig(from({ stage: 'dev', cognitoDomainPrefix: 'Upper' }))).toThrow(
      /cognitoDomainPrefix/,
    );
    expect(() =>
      resolveStageConfig(from({ stage: 'dev', cognitoDomainPrefix: 'my-cognito-app' })),
    ).toThrow(/reserves/);
  });

  it('accepts a cross-region inference profile id and a custom prefix', () => {
    const config = resolveStageConfig(
      from({
        stage: 'prod',
        bedrockModelId: 'us.anthropic.claude-sonnet-4-20250514-v1:0',
        cognitoDomainPrefix: 'lumcast-prod',
      }),
    );
    expect(config.bedrockModelId).toBe('us.anthropic.claude-sonnet-4-20250514-v1:0');
    expect(config.cognitoDomainPrefix).toBe('lumcast-prod');
  });
});
