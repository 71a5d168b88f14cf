import { SignatureRejectedError } from '../errors';
import type { SynthesizedApp } from '../template/synthesized-app';
import type { Caller, RecordedCall, SignatureRefusal } from './front-door-types';
import type { IamEvaluator } from './iam-evaluator';
import {
  denialRefusal,
  refusalAnswer,
  signatureRefusal,
  type Answer,
  type Refusal,
} from './refusals';
import { serviceCallOf } from './service-actions';
import type { FrontDoorService, ServiceCall } from './service-call';
import { verifySigV4, type ReceivedRequest } from './sigv4-verifier';

/** The SigV4 signing name each service's requests must carry in their credential scope. */
export const SIGNING_NAMES: Readonly<Record<FrontDoorService, string>> = {
  dynamodb: 'dynamodb',
  s3: 's3',
  polly: 'polly',
  'bedrock-runtime': 'bedrock',
  sqs: 'sqs',
  sfn: 'states',
};

/**
 * What every front door checks before a call goes on, and the record of it: the SigV4 signature
 * against the caller's secret, the caller's session token, then each IAM authorization the call
 * needs against the caller's role (recorded in `calls`); a refusal before IAM is recorded in
 * `signatureRefusals`.
 *
 * @example
 * ```ts
 * const authority = new Authority(app, iam, callers, () => new Date());
 * const authorized = await authority.authorize('s3', request);
 * if ('status' in authorized) return refusalAnswer('s3', authorized);
 * ```
 */
export class Authority {
  /** Every authorization evaluated, in order (only the denied ones unless `recordAllowed`). */
  readonly calls: RecordedCall[] = [];
  /** Requests refused before IAM. */
  readonly signatureRefusals: SignatureRefusal[] = [];

  constructor(
    private readonly app: SynthesizedApp,
    private readonly iam: IamEvaluator,
    private readonly callers: ReadonlyMap<string, Caller>,
    private readonly now: () => Date,
    private readonly recordAllowed = true,
  ) {}

  /** Records a refusal made before IAM and hands it back. */
  refuse(service: FrontDoorService, refusal: Refusal): Refusal {
    this.signatureRefusals.push({ service, code: refusal.code, message: refusal.message });
    return refusal;
  }

  /** The signature, the session token and IAM for one request: its caller and call, or a refusal. */
  async authorize(
    service: FrontDoorService,
    request: ReceivedRequest,
  ): Promise<{ caller: Caller; call: ServiceCall } | Refusal> {
    let callerKey: string;
    try {
      const signature = await verifySigV4(request, (id) => this.callers.get(id), this.now());
      if (signature.service !== SIGNING_NAMES[service])
        throw new SignatureRejectedError(
          'Mismatch',
          `Credential should be scoped to correct service: '${SIGNING_NAMES[service]}'`,
        );
      callerKey = signature.accessKeyId;
    } catch (error) {
      if (!(error instanceof SignatureRejectedError)) throw error;
      return this.refuse(service, signatureRefusal(service, error));
    }
    const caller = this.callers.get(callerKey) as Caller;
    const token =
      request.headers['x-amz-security-token'] ??
      new URLSearchParams(request.rawQuery).get('X-Amz-Security-Token') ??
      undefined;
    if (token !== caller.sessionToken)
      return this.refuse(service, {
        status: 403,
        code: service === 's3' ? 'InvalidToken' : 'UnrecognizedClientException',
        message: 'The security token included in the request is invalid',
      });
    const call = serviceCallOf(this.app, service, request);
    const presigned = request.headers['authorization'] === undefined;
    const denied = await this.evaluateCall(service, caller, call, presigned);
    return denied ?? { caller, call };
  }

  /** Evaluates and records every authorization of a call; the refusal of the first denied one. */
  async evaluateCall(
    service: FrontDoorService,
    caller: Caller,
    call: ServiceCall,
    presigned: boolean,
  ): Promise<Refusal | undefined> {
    for (const authorization of call.authorizations) {
      const { decision, reason } = await this.iam.evaluate({
        roleLogicalId: caller.roleLogicalId,
        action: authorization.action,
        resource: authorization.resource,
        ...(authorization.context ? { context: authorization.context } : {}),
      });
      if (decision !== 'Allowed' || this.recordAllowed)
        this.calls.push({
          functionLogicalId: caller.functionLogicalId,
          service,
          operation: call.operation,
          action: authorization.action,
          resource: authorization.resource,
          decision,
          ...(reason === undefined ? {} : { reason }),
          presigned,
        });
      if (decision !== 'Allowed')
        return denialRefusal(
          service,
          this.principalOf(caller),
          authorization,
          decision === 'ExplicitlyDenied',
        );
    }
    return undefined;
  }

  /**
   * S3 answers a missing key with 404 only to a caller allowed `s3:ListBucket` on the bucket;
   * to anyone else it is 403 AccessDenied, so that keys cannot be probed.
   */
  async hideMissingKeys(
    request: ReceivedRequest,
    caller: Caller,
    call: ServiceCall,
    answer: Answer,
  ): Promise<Answer> {
    if (
      answer.status !== 404 ||
      (call.operation !== 'GetObject' && call.operation !== 'HeadObject')
    )
      return answer;
    const bucket = request.path.replace(/^\//, '').split('/')[0] ?? '';
    const resource = `arn:${this.app.account.partition}:s3:::${decodeURIComponent(bucket)}`;
    const { decision } = await this.iam.evaluate({
      roleLogicalId: caller.roleLogicalId,
      action: 's3:ListBucket',
      resource,
    });
    if (decision === 'Allowed') return answer;
    return refusalAnswer('s3', { status: 403, code: 'AccessDenied', message: 'Access Denied' });
  }

  /** The assumed-role session ARN a caller's calls are made as. */
  private principalOf(caller: Caller): string {
    const role = this.app.roles[caller.roleLogicalId];
    const fn = this.app.functions.find((f) => f.logicalId === caller.functionLogicalId);
    return `arn:${this.app.account.partition}:sts::${this.app.account.accountId}:assumed-role/${role?.roleName ?? caller.roleLogicalId}/${fn?.functionName ?? caller.functionLogicalId}`;
  }
}
