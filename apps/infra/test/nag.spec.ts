import { Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { synthesizeLumcast, type SynthesizedLumcast } from './support/synthesize';

const stages: SynthesizedLumcast[] = [];

beforeAll(() => {
  stages.push(synthesizeLumcast({ stage: 'dev' }), synthesizeLumcast({ stage: 'prod' }));
});

afterAll(() => {
  for (const synthesized of stages) synthesized.builds.remove();
});

function acknowledgmentsUnder(root: IConstruct): { path: string; id: string; reason: unknown }[] {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, unknown>).map(([id, reason]) => ({
          path: construct.node.path,
          id,
          reason,
        })),
      ),
  );
}

describe('cdk-nag AwsSolutions checks', () => {
  it.each(['dev', 'prod'])('report no unacknowledged finding in %s', (stage) => {
    const synthesized = stages.find((s) => s.stack.node.tryGetContext('stage') === stage);
    if (synthesized === undefined) throw new Error(`no ${stage} stack`);
    const report = new AwsSolutionsChecks().validateScope(synthesized.stack);
    const findings = report.violations.map(
      (violation) =>
        `${violation.ruleName} at ${violation.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('acknowledges every accepted finding with a written reason', () => {
    for (const synthesized of stages) {
      // aws-cdk-lib records its own acknowledgments (ids "CloudFormation-Validate::..."); ours are cdk-nag's.
      const acknowledgments = acknowledgmentsUnder(synthesized.stack).filter((a) =>
        a.id.includes('AwsSolutions'),
      );
      expect(acknowledgments.length).toBeGreaterThan(0);
      for (const acknowledgment of acknowledgments) {
        expect(acknowledgment.id).toMatch(/AwsSolutions-[A-Z]+\d+/);
        expect(typeof acknowledgment.reason).toBe('string');
        expect({ ...acknowledgment, long: String(acknowledgment.reason).length >= 40 }).toEqual({
          ...acknowledgment,
          long: true,
        });
      }
    }
  });

  it('still reports a new wildcard role in the stack (no blanket acknowledgment hides it)', () => {
    const probe = synthesizeLumcast({ stage: 'dev' });
    try {
      const role = new Role(probe.stack, 'UnacknowledgedProbe', {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      });
      role.addToPolicy(new PolicyStatement({ actions: ['dynamodb:*'], resources: ['*'] }));
      const report = new AwsSolutionsChecks().validateScope(probe.stack);
      const paths = report.violations.flatMap((violation) =>
        violation.violatingResources.map(
          (resource) => `${violation.ruleName} ${resource.constructPath}`,
        ),
      );
      expect(paths).toEqual(
        expect.arrayContaining([
          'AwsSolutions-IAM5[Action::dynamodb:*] LumcastTest/UnacknowledgedProbe/DefaultPolicy/Resource',
          'AwsSolutions-IAM5[Resource::*] LumcastTest/UnacknowledgedProbe/DefaultPolicy/Resource',
        ]),
      );
      expect(paths.every((entry) => entry.includes('UnacknowledgedProbe'))).toBe(true);
    } finally {
      probe.builds.remove();
    }
  });
});
