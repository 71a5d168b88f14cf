import { loadSynthesizedApp } from '../cloud-assembly';
import { IamEvaluationError } from '../errors';
import { IamEvaluator } from '../iam-evaluator';
import { CDK_OUT_DIR } from './support/synthesized-template';

const app = loadSynthesizedApp({ cdkOutDir: CDK_OUT_DIR, endpoints: {} });
const iam = new IamEvaluator(app);

/** A DynamoDB grant the template gives some role on one table, and a table it does not name. */
function aTableGrant() {
  for (const [roleLogicalId, role] of Object.entries(app.roles)) {
    for (const document of role.policyDocuments as {
      Statement: { Effect: string; Action: string | string[]; Resource: string | string[] }[];
    }[]) {
      for (const statement of document.Statement) {
        const actions = [statement.Action].flat();
        const resources = [statement.Resource].flat();
        const action = actions.find((a) => a.startsWith('dynamodb:') && !a.includes('*'));
        const table = app.tables.find((t) => resources.includes(t.tableArn));
        if (statement.Effect === 'Allow' && action !== undefined && table !== undefined) {
          const granted = JSON.stringify(role.policyDocuments);
          const other = app.tables.find((t) => !granted.includes(t.tableArn));
          if (other !== undefined) return { roleLogicalId, action, table, other };
        }
      }
    }
  }
  throw new Error('No role of the template has a DynamoDB grant on one table and none on another');
}

/** An S3 grant on one key prefix of a bucket. */
function aPrefixGrant() {
  for (const [roleLogicalId, role] of Object.entries(app.roles)) {
    for (const document of role.policyDocuments as {
      Statement: { Effect: string; Action: string | string[]; Resource: string | string[] }[];
    }[]) {
      for (const statement of document.Statement) {
        const action = [statement.Action]
          .flat()
          .find((a) => a === 's3:PutObject' || a === 's3:GetObject');
        const resource = [statement.Resource]
          .flat()
          .find((r) => /^arn:aws:s3:::[^/]+\/[^*]+\/\*$/.test(r));
        if (statement.Effect === 'Allow' && action !== undefined && resource !== undefined) {
          return {
            roleLogicalId,
            action,
            allowed: resource.replace(/\*$/, 'user-1/job-1.bin'),
            bucketArn: resource.split('/')[0] as string,
          };
        }
      }
    }
  }
  throw new Error('No role of the template has an S3 grant on a key prefix');
}

describe('IamEvaluator on the synthesized template', () => {
  it('allows a grant the template has', async () => {
    const { roleLogicalId, action, table } = aTableGrant();
    await expect(
      iam.evaluate({ roleLogicalId, action, resource: table.tableArn }),
    ).resolves.toEqual({ decision: 'Allowed' });
  });

  it('implicitly denies the same action on a table the role is not granted', async () => {
    const { roleLogicalId, action, other } = aTableGrant();
    const result = await iam.evaluate({ roleLogicalId, action, resource: other.tableArn });
    expect(result.decision).toBe('ImplicitlyDenied');
    expect(result.reason).toContain(action);
  });

  it('allows an S3 grant on its prefix and denies the same action on another prefix', async () => {
    const { roleLogicalId, action, allowed, bucketArn } = aPrefixGrant();
    await expect(iam.evaluate({ roleLogicalId, action, resource: allowed })).resolves.toEqual({
      decision: 'Allowed',
    });
    const elsewhere = await iam.evaluate({
      roleLogicalId,
      action,
      resource: `${bucketArn}/not-granted-prefix/x`,
    });
    expect(elsewhere.decision).toBe('ImplicitlyDenied');
  });

  it('explicitly denies a granted S3 call made without TLS, through the bucket policy', async () => {
    const { roleLogicalId, action, allowed } = aPrefixGrant();
    const result = await iam.evaluate({
      roleLogicalId,
      action,
      resource: allowed,
      context: { 'aws:SecureTransport': 'false' },
    });
    expect(result.decision).toBe('ExplicitlyDenied');
  });

  it('refuses a role the template does not define', async () => {
    await expect(
      iam.evaluate({
        roleLogicalId: 'NoSuchRole',
        action: 's3:GetObject',
        resource: 'arn:aws:s3:::b/k',
      }),
    ).rejects.toBeInstanceOf(IamEvaluationError);
  });
});
