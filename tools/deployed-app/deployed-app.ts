import path from 'node:path';
import {
  startAwsEmulator,
  type AwsEmulator,
  type FakeBedrockOptions,
  type FakePollyOptions,
  type MintOptions,
  type RealServices,
} from '@lumcast/aws-emulator';
import { answerScriptTool } from '@lumcast/script-generation';
import { StartFaults } from './start-faults';

/** The output rate of a Bedrock model the run treats as realistic (the 50–80 tokens/s). */
export const REALISTIC_OUTPUT_TOKENS_PER_SECOND = 60;

/** Options of {@link startDeployedApp}. */
export interface DeployedAppOptions {
  /** The cloud assembly `infra:synth` writes; default `dist/apps/infra/cdk.out`. */
  readonly cdkOutDir?: string;
  /**
   * Multiplies every duration of the deployed app (Lambda timeouts, the definition's
   * `TimeoutSeconds`/`IntervalSeconds`/`MaxDelaySeconds`/`HeartbeatSeconds`, SQS visibility
   * timeouts and batching windows, EventBridge retry delays) and divides into the fake Bedrock's
   * token rate, so a run at 0.05 keeps every ratio of the real one at 1/20 of its wall time.
   * Polly's TPS limit is not scaled: it stays AWS's. Default 1.
   */
  readonly timeScale?: number;
  /**
   * Replaces the definition's top-level `TimeoutSeconds` (in AWS seconds, before `timeScale`), so
   * a test can time an execution out without waiting the template's two hours. Nothing else of
   * the synthesized definition changes.
   */
  readonly executionTimeoutSeconds?: number;
  /** Options of the fake Polly (e.g. `requestsPerSecond`). */
  readonly polly?: FakePollyOptions;
  /** Options of the fake Bedrock; `outputTokensPerSecond` defaults to the realistic rate ÷ timeScale. */
  readonly bedrock?: FakeBedrockOptions;
  /**
   * The clock the front doors check signatures, presigned expiry and POST policy expiration on
   * (default the system clock). The functions sign on the system clock, so a test that moves it
   * (to see a form expire) should move it back before the functions call AWS again.
   */
  readonly frontDoorClock?: () => Date;
  /** Polly and Bedrock Runtime calls to send to real endpoints instead of the fakes (`realServices` of the engine). */
  readonly realServices?: RealServices;
}

/**
 * The synthesized Lumcast app running on this machine: the engine's run plus what the specs
 * need of the product (ID tokens for users, refusals of one user's executions).
 *
 * @example
 * ```ts
 * const deployed = await startDeployedApp({ timeScale: 0.05 });
 * const token = await deployed.token('user-1');
 * await fetch(`${deployed.apiUrl}/api/quota`, { headers: { authorization: `Bearer ${token}` } });
 * await deployed.stop();
 * ```
 */
export interface DeployedApp extends AwsEmulator {
  /** An ID token for a user, as the hosted UI would hand the dashboard. */
  token(sub: string, options?: Omit<MintOptions, 'sub'>): Promise<string>;
  /** Refusals of StartExecution a test injects (see {@link StartFaults}). */
  readonly startFaults: StartFaults;
}

const DEFAULT_CDK_OUT = path.resolve(__dirname, '../../dist/apps/infra/cdk.out');

/**
 * Starts the synthesized app on the engine (`startAwsEmulator`) with Lumcast's specifics: the
 * fake Bedrock answers the script writer's tools at a realistic output rate, and a test can refuse
 * one user's `StartExecution` ({@link StartFaults}).
 *
 * @example
 * ```ts
 * const deployed = await startDeployedApp({ timeScale: 0.05 });
 * try {
 *   // drive deployed.apiUrl with deployed.token('alice')
 * } finally {
 *   await deployed.stop();
 * }
 * ```
 */
export async function startDeployedApp(options: DeployedAppOptions = {}): Promise<DeployedApp> {
  const timeScale = options.timeScale ?? 1;
  const startFaults = new StartFaults();
  const emulator = await startAwsEmulator({
    cdkOutDir: options.cdkOutDir ?? DEFAULT_CDK_OUT,
    timeScale,
    ...(options.executionTimeoutSeconds === undefined
      ? {}
      : { executionTimeoutSeconds: options.executionTimeoutSeconds }),
    ...(options.polly === undefined ? {} : { polly: options.polly }),
    bedrock: {
      answerTool: answerScriptTool,
      outputTokensPerSecond: REALISTIC_OUTPUT_TOKENS_PER_SECOND / timeScale,
      ...(options.bedrock ?? {}),
    },
    ...(options.frontDoorClock === undefined ? {} : { frontDoorClock: options.frontDoorClock }),
    ...(options.realServices === undefined ? {} : { realServices: options.realServices }),
    beforeStepFunctions: (operation, input) => startFaults.check(operation, input),
  });
  return {
    ...emulator,
    token: (sub, mint = {}) => emulator.issuer.mint({ email: `${sub}@example.com`, ...mint, sub }),
    startFaults,
  };
}
