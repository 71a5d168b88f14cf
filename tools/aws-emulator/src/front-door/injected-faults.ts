import type { Refusal } from './refusals';
import type { FrontDoorService, ServiceCall } from './service-call';
import type { ReceivedRequest } from './sigv4-verifier';

/**
 * An allowed call as a fault's `match` sees it: the operation, the IAM actions it was authorized
 * as with their resources, the request's path, query, headers and body, and the body read as
 * JSON when it is JSON (DynamoDB, SQS, Step Functions, Polly, Bedrock; `undefined` otherwise).
 *
 * @example
 * ```ts
 * const match = (call: FaultedCall) => (call.json as { TableName?: string }).TableName === 'orders';
 * ```
 */
export interface FaultedCall {
  readonly service: FrontDoorService;
  readonly operation: string;
  readonly authorizations: ServiceCall['authorizations'];
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  readonly json: unknown;
}

/**
 * A fault to answer in place of a service: the next `count` allowed calls to `service` authorized
 * as `action` (an IAM action, e.g. `dynamodb:UpdateItem`, `s3:PutObject`) that `match` accepts
 * (every one when absent) are answered with `error`, in the service's own error shape, and never
 * reach the service. `count: Infinity` answers every such call until the fault is disarmed.
 *
 * @example
 * ```ts
 * const fault: FaultSpec = {
 *   service: 'dynamodb',
 *   action: 'dynamodb:UpdateItem',
 *   count: 2,
 *   error: { status: 500, code: 'InternalServerError', message: 'Internal server error' },
 * };
 * ```
 */
export interface FaultSpec {
  readonly service: FrontDoorService;
  readonly action: string;
  readonly match?: (call: FaultedCall) => boolean;
  readonly count: number;
  readonly error: Refusal;
}

/**
 * An armed fault: how many calls it answered and has left, and a way to take it back.
 *
 * @example
 * ```ts
 * const fault = endpoints.injectFault(spec);
 * expect(fault.answered).toBe(spec.count);
 * fault.disarm();
 * ```
 */
export interface InjectedFault {
  /** Calls answered with the fault so far. */
  readonly answered: number;
  /** Calls it will still answer (`Infinity` until disarmed, for an unbounded fault). */
  readonly remaining: number;
  /** Answers no more calls. */
  disarm(): void;
}

/** The JSON a request carries, or `undefined` when its body is empty or not JSON. */
function jsonOf(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The faults a test armed at the front doors, answered in order of arming: each allowed call
 * (after SigV4 and IAM, so a denied call is still denied) is checked against the armed faults, and
 * the first that matches and has calls left answers it.
 *
 * @example
 * ```ts
 * const faults = new InjectedFaults();
 * faults.arm({ service: 's3', action: 's3:PutObject', count: 1, error: { status: 503, code: 'SlowDown', message: 'Reduce your request rate.' } });
 * const refusal = faults.answerFor('s3', request, call); // the fault's error, once
 * ```
 */
export class InjectedFaults {
  private readonly armed: { spec: FaultSpec; answered: number; remaining: number }[] = [];

  /** Arms a fault (see {@link FaultSpec}). */
  arm(spec: FaultSpec): InjectedFault {
    if (!(spec.count > 0)) throw new RangeError('A fault answers at least one call (count > 0)');
    const entry = { spec, answered: 0, remaining: spec.count };
    this.armed.push(entry);
    return {
      get answered() {
        return entry.answered;
      },
      get remaining() {
        return entry.remaining;
      },
      disarm: () => {
        entry.remaining = 0;
      },
    };
  }

  /** The error to answer an allowed call with, when an armed fault takes it. */
  answerFor(
    service: FrontDoorService,
    request: ReceivedRequest,
    call: ServiceCall,
  ): Refusal | undefined {
    const candidates = this.armed.filter(
      (entry) =>
        entry.remaining > 0 &&
        entry.spec.service === service &&
        call.authorizations.some((authorization) => authorization.action === entry.spec.action),
    );
    if (candidates.length === 0) return undefined;
    const faulted: FaultedCall = {
      service,
      operation: call.operation,
      authorizations: call.authorizations,
      method: request.method,
      path: request.path,
      query: new URLSearchParams(request.rawQuery),
      headers: request.headers,
      body: request.body,
      json: jsonOf(request.body),
    };
    const entry = candidates.find((candidate) => candidate.spec.match?.(faulted) ?? true);
    if (!entry) return undefined;
    entry.remaining -= 1;
    entry.answered += 1;
    return entry.spec.error;
  }
}
