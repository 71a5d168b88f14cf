import { loadSynthesizedApp, IamEvaluationError, IamEvaluator } from '@lumcast/aws-emulator';
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

  it('authorizes a Query with IndexName on the index ARN: the api reaches exactly its two indexes, no other role any, and a table grant no index', async () => {
    const indexOf = (name: string) => {
      const table = app.tables.find((t) =>
        (t.globalSecondaryIndexes ?? []).some((i) => i.IndexName === name),
      );
      if (table === undefined) throw new Error(`No table of the template has the index ${name}`);
      return { table, arn: `${table.tableArn}/index/${name}` };
    };
    const seriesEpisodes = indexOf('series-episodes');
    const userFeeds = indexOf('user-feeds');
    const query = (roleLogicalId: string, resource: string) =>
      iam.evaluate({ roleLogicalId, action: 'dynamodb:Query', resource });
    for (const fn of app.functions) {
      for (const index of [seriesEpisodes, userFeeds]) {
        const { decision } = await query(fn.roleLogicalId, index.arn);
        expect({ handler: fn.handlerName, index: index.arn, decision }).toEqual({
          handler: fn.handlerName,
          index: index.arn,
          decision: fn.handlerName === 'api' ? 'Allowed' : 'ImplicitlyDenied',
        });
      }
    }
    const api = app.functions.find((f) => f.handlerName === 'api');
    if (api === undefined) throw new Error('No api function in the template');
    // The api may Query the jobs table itself, yet that grant reaches no index of it.
    await expect(query(api.roleLogicalId, seriesEpisodes.table.tableArn)).resolves.toEqual({
      decision: 'Allowed',
    });
    const unnamed = await query(api.roleLogicalId, `${seriesEpisodes.table.tableArn}/index/other`);
    expect(unnamed.decision).toBe('ImplicitlyDenied');
    // Query on the feeds table itself is not granted: only its user-feeds index.
    expect((await query(api.roleLogicalId, userFeeds.table.tableArn)).decision).toBe(
      'ImplicitlyDenied',
    );
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
