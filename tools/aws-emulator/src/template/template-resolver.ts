import { UnresolvableIntrinsicError } from '../errors';
import type { CfnTemplate } from './cfn-template';
import {
  localPhysicalResource,
  NAME_PROPERTY_BY_TYPE,
  type LocalPhysicalResource,
  type PhysicalNameContext,
} from './local-physical-names';

export type { CfnResource, CfnTemplate } from './cfn-template';

/** `Ref: AWS::NoValue`: the property is removed, as CloudFormation does. */
const NO_VALUE = Symbol('AWS::NoValue');

type Json = unknown;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Resolves CloudFormation intrinsics in a template to the local account's names and ARNs:
 * `Ref` (resources, parameters' defaults, pseudo parameters), `Fn::GetAtt`, `Fn::Join`, `Fn::Sub`
 * (both forms, `${!Literal}` kept literal), `Fn::Select`, `Fn::Split`, `Fn::If` with the
 * template's `Conditions`, `Fn::Equals`/`And`/`Or`/`Not`, `Fn::FindInMap`, `Fn::Base64`,
 * `Fn::ToJsonString`, `Fn::Length`, `AWS::NoValue`. Anything else (`Fn::ImportValue`, `Fn::GetAZs`,
 * `Fn::Cidr`, a `GetAtt` of an attribute with no local meaning) throws
 * `UnresolvableIntrinsicError` with the template path, rather than guessing.
 *
 * @example
 * ```ts
 * const resolver = new TemplateResolver(template, { stackName: 'App-dev', account, endpoints: {} });
 * resolver.resolve({ 'Fn::GetAtt': ['Jobs', 'Arn'] }, 'x'); // 'arn:aws:dynamodb:us-east-1:000000000000:table/App-dev-Jobs'
 * ```
 */
export class TemplateResolver {
  private readonly physical = new Map<string, LocalPhysicalResource>();
  private readonly conditions = new Map<string, boolean>();
  private readonly inProgress = new Set<string>();

  constructor(
    readonly template: CfnTemplate,
    readonly context: PhysicalNameContext,
  ) {}

  /** Whether a resource exists in this deployment (its `Condition`, if any, is true). */
  isIncluded(logicalId: string): boolean {
    const resource = this.template.Resources[logicalId];
    if (resource === undefined) return false;
    return (
      resource.Condition === undefined ||
      this.condition(resource.Condition, `Resources.${logicalId}.Condition`)
    );
  }

  /** Logical ids of the included resources of one type, in template order. */
  logicalIdsOfType(type: string): string[] {
    return Object.entries(this.template.Resources)
      .filter(([id, r]) => r.Type === type && this.isIncluded(id))
      .map(([id]) => id);
  }

  /** What `Ref: <logicalId>` resolves to. */
  ref(logicalId: string, path = `Ref ${logicalId}`): string {
    return this.physicalOf(logicalId, path).ref;
  }

  /** What `Fn::GetAtt: [<logicalId>, <attribute>]` resolves to. */
  getAtt(logicalId: string, attribute: string, path = `GetAtt ${logicalId}.${attribute}`): string {
    const value = this.physicalOf(logicalId, path).attributes[attribute];
    if (value === undefined) {
      throw new UnresolvableIntrinsicError(
        `No local value for attribute ${attribute} of ${logicalId} (${this.template.Resources[logicalId]?.Type})`,
        path,
      );
    }
    return value;
  }

  /** Resolves every intrinsic in `value`; `path` names where it is, for errors. */
  resolve(value: Json, path: string): Json {
    const out = this.resolveInner(value, path);
    return out === NO_VALUE ? undefined : out;
  }

  /** Resolves `value` and requires a string (numbers and booleans are stringified, as CloudFormation does). */
  resolveString(value: Json, path: string): string {
    const out = this.resolve(value, path);
    if (typeof out === 'string') return out;
    if (typeof out === 'number' || typeof out === 'boolean') return String(out);
    throw new UnresolvableIntrinsicError(`Expected a string, got ${JSON.stringify(out)}`, path);
  }

  private physicalOf(logicalId: string, path: string): LocalPhysicalResource {
    const known = this.physical.get(logicalId);
    if (known !== undefined) return known;
    const resource = this.template.Resources[logicalId];
    if (resource === undefined)
      throw new UnresolvableIntrinsicError(`No resource ${logicalId} in the template`, path);
    if (this.inProgress.has(logicalId)) {
      throw new UnresolvableIntrinsicError(
        `Circular reference through the name of ${logicalId}`,
        path,
      );
    }
    this.inProgress.add(logicalId);
    try {
      const properties = resource.Properties ?? {};
      const nameProperty = NAME_PROPERTY_BY_TYPE[resource.Type];
      const rawName = nameProperty === undefined ? undefined : properties[nameProperty];
      const explicitName =
        rawName === undefined
          ? undefined
          : this.resolveString(rawName, `Resources.${logicalId}.Properties.${nameProperty}`);
      const made =
        localPhysicalResource(resource.Type, logicalId, explicitName, this.context, properties) ??
        (resource.Type.startsWith('Custom::') ||
        resource.Type === 'AWS::CloudFormation::CustomResource'
          ? { ref: `${logicalId}-local-physical-id`, attributes: {} }
          : { ref: `${this.context.stackName}-${logicalId}`, attributes: {} });
      this.physical.set(logicalId, made);
      return made;
    } finally {
      this.inProgress.delete(logicalId);
    }
  }

  private pseudo(name: string): string | typeof NO_VALUE | undefined {
    const { region, accountId, partition } = this.context.account;
    switch (name) {
      case 'AWS::Region':
        return region;
      case 'AWS::AccountId':
        return accountId;
      case 'AWS::Partition':
        return partition;
      case 'AWS::URLSuffix':
        return 'amazonaws.com';
      case 'AWS::StackName':
        return this.context.stackName;
      case 'AWS::StackId':
        return `arn:${partition}:cloudformation:${region}:${accountId}:stack/${this.context.stackName}/00000000-0000-0000-0000-000000000000`;
      case 'AWS::NoValue':
        return NO_VALUE;
      default:
        return undefined;
    }
  }

  private refValue(name: string, path: string): Json {
    const pseudo = this.pseudo(name);
    if (pseudo !== undefined) return pseudo;
    const parameter = this.template.Parameters?.[name];
    if (parameter !== undefined) {
      if (parameter.Default === undefined) {
        throw new UnresolvableIntrinsicError(`Parameter ${name} has no default`, path);
      }
      return parameter.Default;
    }
    return this.ref(name, path);
  }

  private condition(name: string, path: string): boolean {
    const known = this.conditions.get(name);
    if (known !== undefined) return known;
    const definition = this.template.Conditions?.[name];
    if (definition === undefined)
      throw new UnresolvableIntrinsicError(`No condition ${name}`, path);
    const value = this.resolve(definition, `Conditions.${name}`);
    if (typeof value !== 'boolean')
      throw new UnresolvableIntrinsicError(`Condition ${name} is not a boolean`, path);
    this.conditions.set(name, value);
    return value;
  }

  private sub(template: string, variables: Record<string, Json>, path: string): string {
    return template.replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
      if (inner.startsWith('!')) return `\${${inner.slice(1)}}`;
      const name = inner.trim();
      if (name in variables) return this.resolveString(variables[name], `${path}.${name}`);
      if (name.includes('.') && !name.startsWith('AWS::')) {
        const dot = name.indexOf('.');
        return this.getAtt(name.slice(0, dot), name.slice(dot + 1), path);
      }
      const value = this.refValue(name, path);
      if (typeof value !== 'string' && typeof value !== 'number') {
        throw new UnresolvableIntrinsicError(`Cannot substitute ${whole}`, path);
      }
      return String(value);
    });
  }

  private resolveInner(value: Json, path: string): Json | typeof NO_VALUE {
    if (Array.isArray(value)) {
      return value
        .map((v, i) => this.resolveInner(v, `${path}[${i}]`))
        .filter((v) => v !== NO_VALUE);
    }
    if (!isRecord(value)) return value;
    const keys = Object.keys(value);
    if (keys.length === 1) {
      const key = keys[0] as string;
      const arg = value[key];
      const at = `${path}.${key}`;
      switch (key) {
        case 'Ref':
          return this.refValue(String(arg), at);
        case 'Fn::GetAtt': {
          const [id, ...attr] = Array.isArray(arg) ? (arg as Json[]) : String(arg).split('.');
          const attribute = attr.map((a) => this.resolveString(a, at)).join('.');
          return this.getAtt(String(id), attribute, at);
        }
        case 'Fn::Join': {
          const [separator, list] = arg as [string, Json];
          const items = this.resolve(list, at);
          if (!Array.isArray(items))
            throw new UnresolvableIntrinsicError('Fn::Join needs a list', at);
          return items.map((item, i) => this.resolveString(item, `${at}[${i}]`)).join(separator);
        }
        case 'Fn::Sub': {
          if (typeof arg === 'string') return this.sub(arg, {}, at);
          const [text, variables] = arg as [string, Record<string, Json>];
          return this.sub(text, variables ?? {}, at);
        }
        case 'Fn::Select': {
          const [index, list] = arg as [Json, Json];
          const items = this.resolve(list, at);
          const i = Number(this.resolve(index, at));
          if (!Array.isArray(items) || !Number.isInteger(i) || i < 0 || i >= items.length) {
            throw new UnresolvableIntrinsicError('Fn::Select index out of range', at);
          }
          return items[i];
        }
        case 'Fn::Split': {
          const [separator, source] = arg as [string, Json];
          return this.resolveString(source, at).split(separator);
        }
        case 'Fn::If': {
          const [name, whenTrue, whenFalse] = arg as [string, Json, Json];
          return this.condition(name, at)
            ? this.resolveInner(whenTrue, at)
            : this.resolveInner(whenFalse, at);
        }
        case 'Fn::Equals': {
          const [a, b] = arg as [Json, Json];
          return JSON.stringify(this.resolve(a, at)) === JSON.stringify(this.resolve(b, at));
        }
        case 'Fn::And':
          return (arg as Json[]).every((c, i) => this.resolve(c, `${at}[${i}]`) === true);
        case 'Fn::Or':
          return (arg as Json[]).some((c, i) => this.resolve(c, `${at}[${i}]`) === true);
        case 'Fn::Not':
          return this.resolve((arg as Json[])[0], at) !== true;
        case 'Condition':
          return this.condition(String(arg), at);
        case 'Fn::FindInMap': {
          const [map, top, second] = (arg as Json[]).map((a) => this.resolveString(a, at));
          const found =
            this.template.Mappings?.[map as string]?.[top as string]?.[second as string];
          if (found === undefined)
            throw new UnresolvableIntrinsicError(`No mapping ${map}.${top}.${second}`, at);
          return found;
        }
        case 'Fn::Base64':
          return Buffer.from(this.resolveString(arg, at)).toString('base64');
        case 'Fn::ToJsonString':
          return JSON.stringify(this.resolve(arg, at));
        case 'Fn::Length': {
          const items = this.resolve(arg, at);
          if (!Array.isArray(items))
            throw new UnresolvableIntrinsicError('Fn::Length needs a list', at);
          return items.length;
        }
        default:
          if (key.startsWith('Fn::'))
            throw new UnresolvableIntrinsicError(`${key} is not supported locally`, at);
      }
    }
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) {
      const resolved = this.resolveInner(v, `${path}.${k}`);
      if (resolved !== NO_VALUE) out[k] = resolved;
    }
    return out;
  }
}
