/**
 * The base of every error the engine's own modules throw, so callers can catch them as one. A
 * wrapped failure is kept as the `cause`.
 *
 * @example
 * ```ts
 * try {
 *   loadSynthesizedApp({ cdkOutDir: 'dist/apps/infra/cdk.out', endpoints: {} });
 * } catch (error) {
 *   if (error instanceof AwsEmulatorError) console.error(error.message);
 *   else throw error;
 * }
 * ```
 */
export class AwsEmulatorError extends Error {
  override readonly name: string = 'AwsEmulatorError';
}

/**
 * The cloud assembly is missing or not what `infra:synth` writes (no manifest, no stack
 * template, a function whose bundle file is absent, ...).
 *
 * @example
 * ```ts
 * loadSynthesizedApp({ cdkOutDir: '/nowhere', endpoints: {} }); // throws CloudAssemblyError
 * ```
 */
export class CloudAssemblyError extends AwsEmulatorError {
  override readonly name: string = 'CloudAssemblyError';
}

/**
 * A CloudFormation intrinsic the local model cannot resolve: a `Ref` or `Fn::GetAtt` to a
 * resource or attribute it has no local name for, or an intrinsic it does not implement
 * (`Fn::ImportValue`, `Fn::GetAZs`, ...). `path` says where in the template it was met.
 *
 * @example
 * ```ts
 * resolver.resolve({ 'Fn::ImportValue': 'x' }, 'Resources.A.Properties'); // throws UnresolvableIntrinsicError
 * ```
 */
export class UnresolvableIntrinsicError extends CloudAssemblyError {
  override readonly name = 'UnresolvableIntrinsicError';

  constructor(
    message: string,
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(`${message} (at ${path})`, options);
  }
}

/**
 * A function's `Runtime` is not the Node.js major this process runs on (or names no Node.js
 * runtime): its bundle would run, and the template be proven, on a runtime the template does not
 * name. `runtime` is the template's value (`nodejs24.x`), `nodeVersion` this process's
 * (`24.22.3`).
 *
 * @example
 * ```ts
 * assertNodeRuntime([{ functionName: 'api', runtime: 'nodejs22.x' }], '24.22.3');
 * // throws RuntimeMismatchError
 * ```
 */
export class RuntimeMismatchError extends AwsEmulatorError {
  override readonly name = 'RuntimeMismatchError';

  constructor(
    message: string,
    readonly runtime: string,
    readonly nodeVersion: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A child process or server of the run (DynamoDB Local, the S3 server, a front door) failed to
 * start; the original error is the `cause`.
 *
 * @example
 * ```ts
 * await startDynamoDbLocal(tables, { port: 1 }); // rejects with LocalServiceStartError
 * ```
 */
export class LocalServiceStartError extends AwsEmulatorError {
  override readonly name = 'LocalServiceStartError';
}

/**
 * A role or policy the IAM evaluator was asked about does not exist in the template, or the
 * simulator refused the request (an unknown action, a malformed ARN); the simulator's own
 * message is kept.
 *
 * @example
 * ```ts
 * iam.evaluate({ roleLogicalId: 'Nope', action: 's3:GetObject', resource: 'arn:aws:s3:::b/k' });
 * // throws IamEvaluationError
 * ```
 */
export class IamEvaluationError extends AwsEmulatorError {
  override readonly name = 'IamEvaluationError';
}

/**
 * An invocation named a function the template does not define.
 *
 * @example
 * ```ts
 * await runtime.invoke('NoSuchFunction', {}); // rejects with UnknownFunctionError
 * ```
 */
export class UnknownFunctionError extends AwsEmulatorError {
  override readonly name = 'ResourceNotFoundException';
}

/**
 * Lambda refused an invocation because the function is at its reserved concurrency (Lambda's
 * `TooManyRequestsException`, a service error, not a function error).
 *
 * @example
 * ```ts
 * await runtime.invoke(fn.functionArn, event); // rejects with LambdaThrottledError when all slots run
 * ```
 */
export class LambdaThrottledError extends AwsEmulatorError {
  override readonly name = 'TooManyRequestsException';
}

/**
 * A Step Functions or SQS API call the local service refuses the way AWS does; `name` is AWS's
 * error code (`ExecutionAlreadyExists`, `ExecutionDoesNotExist`, `ReceiptHandleIsInvalid`,
 * `QueueDoesNotExist`, `InvalidParameterValue`...), which the front door answers as that JSON error.
 *
 * @example
 * ```ts
 * throw new AwsServiceError('ExecutionAlreadyExists', 'Execution Already Exists: job-1');
 * ```
 */
export class AwsServiceError extends AwsEmulatorError {
  override readonly name: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = code;
  }
}

/**
 * A request whose signature AWS would refuse. `code` is the refusal's kind; each front door
 * answers it in its service's own wire shape (`SignatureDoesNotMatch` for S3,
 * `InvalidSignatureException` for JSON services, and so on).
 *
 * @example
 * ```ts
 * if (error instanceof SignatureRejectedError && error.code === 'Expired') response.statusCode = 403;
 * ```
 */
export class SignatureRejectedError extends AwsEmulatorError {
  override readonly name = 'SignatureRejectedError';

  constructor(
    readonly code: 'Missing' | 'UnknownAccessKey' | 'Mismatch' | 'Expired' | 'Skewed' | 'Malformed',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The error the fake Polly throws for bad options or bad fault requests (never on the wire).
 *
 * @example
 * ```ts
 * await startFakePolly({ charactersPerSecond: 0 }); // rejects with FakePollyConfigError
 * ```
 */
export class FakePollyConfigError extends AwsEmulatorError {
  override readonly name: string = 'FakePollyConfigError';
}

/**
 * A service set to go to the real AWS whose credentials cannot be loaded (none configured, an
 * expired session): the run refuses to start, naming the service and its endpoint.
 *
 * @example
 * ```ts
 * await checkRealServices({ polly }); // rejects with RealServiceCredentialsError without credentials
 * ```
 */
export class RealServiceCredentialsError extends AwsEmulatorError {
  override readonly name: string = 'RealServiceCredentialsError';
}
