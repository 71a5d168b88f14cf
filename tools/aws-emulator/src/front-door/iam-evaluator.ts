import { runSimulation } from '@cloud-copilot/iam-simulate';
import { IamEvaluationError } from '../errors';
import type { SynthesizedApp } from '../template/synthesized-app';

/**
 * One call to evaluate: which role makes it, the IAM action, the resource ARN, and the request's
 * context keys (`aws:SecureTransport` defaults to `'true'`, as every SDK call over TLS has it).
 *
 * @example
 * ```ts
 * const request: IamRequest = { roleLogicalId: fn.roleLogicalId, action: 's3:GetObject', resource: 'arn:aws:s3:::b/k' };
 * ```
 */
export interface IamRequest {
  readonly roleLogicalId: string;
  readonly action: string;
  readonly resource: string;
  readonly context?: Readonly<Record<string, string | string[]>>;
}

/**
 * The simulator's answer.
 *
 * @example
 * ```ts
 * const decision: IamDecision = { decision: 'ImplicitlyDenied', reason: 'no statement allows s3:GetObject on ...' };
 * ```
 */
export interface IamDecision {
  readonly decision: 'Allowed' | 'ImplicitlyDenied' | 'ExplicitlyDenied';
  readonly reason?: string;
}

/**
 * Evaluates calls against the synthesized template's IAM with `@cloud-copilot/iam-simulate`: the
 * role's identity policies (`AWS::IAM::Policy`, managed policies of the template, inline policies),
 * plus the bucket policy when the resource is in one of the template's buckets. AWS-managed policy
 * ARNs attached to a role are not evaluated (their documents are not in the template); no SCPs,
 * boundaries or session policies exist in this app. Asynchronous because the simulator is.
 *
 * @example
 * ```ts
 * const iam = new IamEvaluator(app);
 * const { decision } = await iam.evaluate({ roleLogicalId: api.roleLogicalId, action: 'dynamodb:GetItem', resource: jobs.tableArn });
 * ```
 */
export class IamEvaluator {
  constructor(private readonly app: SynthesizedApp) {}

  /** The decision for one call; throws `IamEvaluationError` for an unknown role or a request the simulator rejects. */
  async evaluate(request: IamRequest): Promise<IamDecision> {
    const role = this.app.roles[request.roleLogicalId];
    if (role === undefined)
      throw new IamEvaluationError(`No role ${request.roleLogicalId} in the template`);
    const bucket = this.app.buckets.find(
      (b) => request.resource === b.bucketArn || request.resource.startsWith(`${b.bucketArn}/`),
    );
    const resourcePolicy =
      bucket === undefined ? undefined : this.app.bucketPolicies[bucket.logicalId];
    const { accountId } = this.app.account;
    const result = await runSimulation(
      {
        request: {
          principal: role.roleArn,
          action: request.action,
          resource: { resource: request.resource, accountId },
          contextVariables: { 'aws:SecureTransport': 'true', ...request.context },
        },
        identityPolicies: role.policyDocuments.map((policy, i) => ({
          name: `policy-${i}`,
          policy,
        })),
        serviceControlPolicies: [],
        resourceControlPolicies: [],
        ...(resourcePolicy === undefined ? {} : { resourcePolicy }),
      },
      {},
    );
    if (result.resultType === 'error') {
      throw new IamEvaluationError(
        `The simulator refused ${request.action} on ${request.resource}: ${result.errors.message}`,
      );
    }
    const decision = result.overallResult as IamDecision['decision'];
    if (decision === 'Allowed') return { decision };
    return {
      decision,
      reason:
        decision === 'ExplicitlyDenied'
          ? `an explicit Deny matches ${request.action} on ${request.resource}`
          : `no statement of role ${role.roleName} allows ${request.action} on ${request.resource}`,
    };
  }
}
