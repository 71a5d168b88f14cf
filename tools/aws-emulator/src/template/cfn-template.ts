/**
 * A CloudFormation template as `infra:synth` writes it (only the parts the resolver reads).
 *
 * @example
 * ```ts
 * const template = JSON.parse(readFileSync(file, 'utf8')) as CfnTemplate;
 * ```
 */
export interface CfnTemplate {
  readonly Resources: Readonly<Record<string, CfnResource>>;
  readonly Parameters?: Readonly<Record<string, { Type?: string; Default?: unknown }>>;
  readonly Conditions?: Readonly<Record<string, unknown>>;
  readonly Mappings?: Readonly<Record<string, Record<string, Record<string, unknown>>>>;
  readonly Outputs?: Readonly<Record<string, unknown>>;
}

/**
 * One resource of a template.
 *
 * @example
 * ```ts
 * const queue: CfnResource = { Type: 'AWS::SQS::Queue', Properties: { VisibilityTimeout: 180 } };
 * ```
 */
export interface CfnResource {
  readonly Type: string;
  readonly Properties?: Readonly<Record<string, unknown>>;
  readonly Metadata?: Readonly<Record<string, unknown>>;
  readonly Condition?: string;
  readonly DependsOn?: string | readonly string[];
}
