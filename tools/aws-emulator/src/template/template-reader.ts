import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CloudAssemblyError, UnresolvableIntrinsicError } from '../errors';
import type { CfnTemplate, TemplateResolver } from './template-resolver';

export type Props = Readonly<Record<string, unknown>>;

export function asRecord(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CloudAssemblyError(`Expected an object at ${where}`);
  }
  return value as Record<string, unknown>;
}

export function asArray(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function optionalNumber(value: unknown, fallback: number): number;
export function optionalNumber(value: unknown): number | undefined;
export function optionalNumber(value: unknown, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n))
    throw new CloudAssemblyError(`Expected a number, got ${JSON.stringify(value)}`);
  return n;
}

export function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new CloudAssemblyError(`Cannot read ${file}: run \`npx nx run infra:synth\` first`, {
      cause,
    });
  }
}

export function findStack(
  cdkOutDir: string,
  stackName: string | undefined,
): { stackName: string; templateFile: string } {
  const manifest = asRecord(readJson(path.join(cdkOutDir, 'manifest.json')), 'manifest.json');
  const artifacts = asRecord(manifest['artifacts'] ?? {}, 'manifest.json artifacts');
  const stacks = Object.entries(artifacts)
    .map(([id, a]) => ({ id, artifact: asRecord(a, `artifact ${id}`) }))
    .filter(({ artifact }) => artifact['type'] === 'aws:cloudformation:stack')
    .map(({ id, artifact }) => {
      const properties = asRecord(artifact['properties'] ?? {}, `artifact ${id} properties`);
      return {
        stackName: String(properties['stackName'] ?? artifact['displayName'] ?? id),
        templateFile: path.join(cdkOutDir, String(properties['templateFile'])),
      };
    });
  const chosen = stackName === undefined ? stacks : stacks.filter((s) => s.stackName === stackName);
  if (chosen.length !== 1) {
    throw new CloudAssemblyError(
      `Expected one stack${stackName === undefined ? '' : ` named ${stackName}`} in ${cdkOutDir}, found ${chosen.length} (${stacks.map((s) => s.stackName).join(', ')})`,
    );
  }
  return chosen[0] as { stackName: string; templateFile: string };
}

/**
 * What every part of the model reads the template with: a resource's properties, resolved to the
 * run's local names, and the lookups across resources (by value, a function by name or ARN, the
 * `Custom::AWS` calls).
 *
 * @example
 * ```ts
 * class Queues extends TemplateReader { names() { return this.resolver.logicalIdsOfType('AWS::SQS::Queue'); } }
 * ```
 */
export class TemplateReader {
  protected readonly template: CfnTemplate;

  constructor(
    protected readonly resolver: TemplateResolver,
    protected readonly cdkOutDir: string,
    protected readonly templateFile: string,
  ) {
    this.template = resolver.template;
  }

  protected props(logicalId: string): Props {
    return this.template.Resources[logicalId]?.Properties ?? {};
  }

  protected resolve(logicalId: string, property: string): unknown {
    return this.resolver.resolve(
      this.props(logicalId)[property],
      `Resources.${logicalId}.Properties.${property}`,
    );
  }

  protected resolveString(logicalId: string, property: string): string {
    return this.resolver.resolveString(
      this.props(logicalId)[property],
      `Resources.${logicalId}.Properties.${property}`,
    );
  }

  /** Logical id of the resource of `type` whose Ref or one of `attributes` equals `value`. */
  protected findByValue(
    type: string,
    value: string,
    attributes: readonly string[],
  ): string | undefined {
    return this.resolver.logicalIdsOfType(type).find((id) => {
      if (this.resolver.ref(id) === value) return true;
      return attributes.some((a) => {
        try {
          return this.resolver.getAtt(id, a) === value;
        } catch (error) {
          if (error instanceof UnresolvableIntrinsicError) return false;
          throw error;
        }
      });
    });
  }

  protected functionByNameOrArn(value: string): string | undefined {
    // A function may be named by name, ARN, or ARN with a qualifier; API Gateway wraps it in an invocation URI.
    const inner = /functions\/(arn:[^/]+)\/invocations$/.exec(value)?.[1] ?? value;
    const unqualified = inner.replace(
      /^(arn:[^:]+:lambda:[^:]+:[^:]+:function:[^:]+):[^:]+$/,
      '$1',
    );
    return this.findByValue('AWS::Lambda::Function', unqualified, ['Arn']);
  }

  /** Resolved `Create`/`Update` calls of `Custom::AWS` resources (AwsCustomResource), parsed. */
  protected customAwsCalls(): {
    service: string;
    action: string;
    parameters: Record<string, unknown>;
  }[] {
    const calls: { service: string; action: string; parameters: Record<string, unknown> }[] = [];
    for (const id of this.resolver.logicalIdsOfType('Custom::AWS')) {
      for (const phase of ['Create', 'Update']) {
        const raw = this.props(id)[phase];
        if (raw === undefined) continue;
        const text = this.resolver.resolveString(raw, `Resources.${id}.Properties.${phase}`);
        const call = asRecord(JSON.parse(text), `Resources.${id}.Properties.${phase}`);
        calls.push({
          service: String(call['service'])
            .replace(/^@aws-sdk\/client-/, '')
            .toLowerCase(),
          action: String(call['action']).toLowerCase(),
          parameters: asRecord(call['parameters'] ?? {}, `Resources.${id}.${phase}.parameters`),
        });
      }
    }
    return calls;
  }
}
