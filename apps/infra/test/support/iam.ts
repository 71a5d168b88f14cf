import type { Template } from 'aws-cdk-lib/assertions';

/** One IAM statement as CloudFormation renders it. */
export interface RenderedStatement {
  readonly Effect: string;
  readonly Action: string | string[];
  readonly Resource: unknown;
  readonly Condition?: unknown;
}

/** Every statement of every AWS::IAM::Policy attached to the role with this logical id. */
export function statementsOfRole(template: Template, roleLogicalId: string): RenderedStatement[] {
  const policies = template.findResources('AWS::IAM::Policy');
  return Object.values(policies)
    .filter((policy) =>
      (policy['Properties']['Roles'] as unknown[]).some(
        (role) => JSON.stringify(role) === JSON.stringify({ Ref: roleLogicalId }),
      ),
    )
    .flatMap(
      (policy) => policy['Properties']['PolicyDocument']['Statement'] as RenderedStatement[],
    );
}

/** Statement actions as an array. */
export function actionsOf(statement: RenderedStatement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}

/** Statement resources as an array. */
export function resourcesOf(statement: RenderedStatement): unknown[] {
  return Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
}

/**
 * Turns a rendered resource into a readable label using a logical-id → name map:
 * `{"Fn::GetAtt":["Users123","Arn"]}` → `users`, a bucket ARN joined with
 * `/episodes/*` → `audio:episodes/*`, `"*"` → `*`; anything else → its JSON.
 */
export function labelResource(resource: unknown, names: Readonly<Record<string, string>>): string {
  const json = JSON.stringify(resource);
  if (resource === '*') return '*';
  for (const [logicalId, name] of Object.entries(names)) {
    const getAtt = JSON.stringify({ 'Fn::GetAtt': [logicalId, 'Arn'] });
    const ref = JSON.stringify({ Ref: logicalId });
    if (json === getAtt || json === ref) return name;
    const join = /^\{"Fn::Join":\["",\[(.*),"(.*)"\]\]\}$/.exec(json);
    if (join !== null && (join[1] === getAtt || join[1] === ref))
      return `${name}:${join[2]?.replace(/^\//, '')}`;
  }
  return json;
}

/**
 * The permissions of a role as `label → sorted actions`, e.g.
 * `{ users: ['dynamodb:GetItem'], 'audio:episodes/*': ['s3:GetObject'] }`.
 */
export function permissionsOfRole(
  template: Template,
  roleLogicalId: string,
  names: Readonly<Record<string, string>>,
): Record<string, string[]> {
  const result: Record<string, Set<string>> = {};
  for (const statement of statementsOfRole(template, roleLogicalId)) {
    expect(statement.Effect).toBe('Allow');
    for (const resource of resourcesOf(statement)) {
      const label = labelResource(resource, names);
      result[label] ??= new Set();
      for (const action of actionsOf(statement)) result[label].add(action);
    }
  }
  return Object.fromEntries(
    Object.entries(result).map(([label, actions]) => [label, [...actions].sort()]),
  );
}

/** What an SQS event source adds to its consumer's role (Lambda polls the queue for it). */
export const EVENT_SOURCE_ACTIONS = [
  'sqs:ChangeMessageVisibility',
  'sqs:DeleteMessage',
  'sqs:GetQueueAttributes',
  'sqs:GetQueueUrl',
  'sqs:ReceiveMessage',
];
