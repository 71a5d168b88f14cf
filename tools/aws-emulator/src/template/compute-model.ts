import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CloudAssemblyError } from '../errors';
import { asArray, asRecord, optionalNumber, readJson, TemplateReader } from './template-reader';
import type { FunctionSpec, LambdaPermissionSpec, RoleSpec } from './synthesized-app';

/**
 * The functions (with their bundles), the deploy-time functions, Lambda permissions, roles and resource policies of the template.
 *
 * @example
 * ```ts
 * new ComputeModel(resolver, cdkOutDir, templateFile);
 * ```
 */
export class ComputeModel extends TemplateReader {
  deployTimeFunctions(): string[] {
    const tokens = new Set<string>();
    for (const [id, resource] of Object.entries(this.template.Resources)) {
      const isCustom =
        resource.Type.startsWith('Custom::') ||
        resource.Type === 'AWS::CloudFormation::CustomResource';
      if (!isCustom || !this.resolver.isIncluded(id)) continue;
      tokens.add(this.resolveString(id, 'ServiceToken'));
    }
    return this.resolver
      .logicalIdsOfType('AWS::Lambda::Function')
      .filter((id) => tokens.has(this.resolver.getAtt(id, 'Arn')));
  }
  private assetDirectory(logicalId: string): string {
    const fromMetadata = this.template.Resources[logicalId]?.Metadata?.['aws:asset:path'];
    let relative = typeof fromMetadata === 'string' ? fromMetadata : undefined;
    if (relative === undefined) {
      const code = asRecord(this.props(logicalId)['Code'] ?? {}, `${logicalId}.Code`);
      const key = typeof code['S3Key'] === 'string' ? code['S3Key'] : undefined;
      const assetsFile = this.templateFile.replace(/\.template\.json$/, '.assets.json');
      if (key !== undefined && existsSync(assetsFile)) {
        const assets = asRecord(readJson(assetsFile), assetsFile);
        const files = asRecord(assets['files'] ?? {}, `${assetsFile} files`);
        const hash = key.replace(/\.zip$/, '');
        const source = (files[hash] as { source?: { path?: string } } | undefined)?.source?.path;
        relative = source;
      }
    }
    if (relative === undefined) {
      throw new CloudAssemblyError(
        `Function ${logicalId} has no asset path (inline code is not supported)`,
      );
    }
    const dir = path.resolve(this.cdkOutDir, relative);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      throw new CloudAssemblyError(
        `The asset of function ${logicalId} is not an unpacked folder: ${dir}`,
      );
    }
    return dir;
  }
  functions(deployTime: ReadonlySet<string>): FunctionSpec[] {
    return this.resolver
      .logicalIdsOfType('AWS::Lambda::Function')
      .filter((id) => !deployTime.has(id))
      .map((logicalId) => {
        const handler = this.resolveString(logicalId, 'Handler');
        const dot = handler.lastIndexOf('.');
        if (dot <= 0)
          throw new CloudAssemblyError(`Function ${logicalId} has a malformed Handler ${handler}`);
        const modulePath = handler.slice(0, dot);
        const dir = this.assetDirectory(logicalId);
        const bundleFile = ['.mjs', '.js', '.cjs']
          .map((ext) => path.join(dir, `${modulePath}${ext}`))
          .find((file) => existsSync(file));
        if (bundleFile === undefined) {
          throw new CloudAssemblyError(
            `Function ${logicalId}: no ${modulePath}.mjs/.js/.cjs in ${dir}`,
          );
        }
        const variables = asRecord(
          this.resolver.resolve(
            asRecord(this.props(logicalId)['Environment'] ?? {}, `${logicalId}.Environment`)[
              'Variables'
            ] ?? {},
            `Resources.${logicalId}.Properties.Environment.Variables`,
          ),
          `${logicalId}.Environment.Variables`,
        );
        const environment: Record<string, string> = {};
        for (const [name, value] of Object.entries(variables)) {
          if (typeof value === 'object' && value !== null) {
            throw new CloudAssemblyError(
              `Environment ${name} of ${logicalId} did not resolve to a scalar`,
            );
          }
          environment[name] = String(value);
        }
        const roleArn = this.resolveString(logicalId, 'Role');
        const roleLogicalId = this.findByValue('AWS::IAM::Role', roleArn, ['Arn']);
        if (roleLogicalId === undefined) {
          throw new CloudAssemblyError(
            `Function ${logicalId}'s role ${roleArn} is not a role of this template`,
          );
        }
        const reserved = this.props(logicalId)['ReservedConcurrentExecutions'];
        return {
          logicalId,
          functionName: this.resolver.ref(logicalId),
          functionArn: this.resolver.getAtt(logicalId, 'Arn'),
          handlerName: path.basename(modulePath),
          bundleFile,
          exportName: handler.slice(dot + 1),
          environment,
          memoryMiB: optionalNumber(this.resolve(logicalId, 'MemorySize'), 128),
          timeoutSeconds: optionalNumber(this.resolve(logicalId, 'Timeout'), 3),
          roleLogicalId,
          roleArn,
          ...(reserved === undefined
            ? {}
            : {
                reservedConcurrency: optionalNumber(
                  this.resolve(logicalId, 'ReservedConcurrentExecutions'),
                  0,
                ),
              }),
          runtime: String(this.resolve(logicalId, 'Runtime') ?? ''),
          architectures: asArray(this.resolve(logicalId, 'Architectures') ?? ['x86_64']).map(
            String,
          ),
        };
      });
  }
  lambdaPermissions(): LambdaPermissionSpec[] {
    return this.resolver.logicalIdsOfType('AWS::Lambda::Permission').flatMap((logicalId) => {
      const functionLogicalId = this.functionByNameOrArn(
        this.resolveString(logicalId, 'FunctionName'),
      );
      if (functionLogicalId === undefined) return [];
      const sourceArn = this.resolve(logicalId, 'SourceArn');
      return [
        {
          functionLogicalId,
          principal: this.resolveString(logicalId, 'Principal'),
          action: this.resolveString(logicalId, 'Action'),
          ...(sourceArn === undefined ? {} : { sourceArn: String(sourceArn) }),
        },
      ];
    });
  }
  roles(): Record<string, RoleSpec> {
    const roles: Record<
      string,
      RoleSpec & { policyDocuments: unknown[]; managedPolicyArns: string[] }
    > = {};
    const byName = new Map<string, string>();
    for (const logicalId of this.resolver.logicalIdsOfType('AWS::IAM::Role')) {
      const inline = asArray(this.resolve(logicalId, 'Policies')).map(
        (p) => asRecord(p, `${logicalId}.Policies`)['PolicyDocument'],
      );
      roles[logicalId] = {
        roleArn: this.resolver.getAtt(logicalId, 'Arn'),
        roleName: this.resolver.ref(logicalId),
        policyDocuments: inline,
        managedPolicyArns: [],
        assumeRolePolicyDocument: this.resolve(logicalId, 'AssumeRolePolicyDocument'),
      };
      byName.set(this.resolver.ref(logicalId), logicalId);
    }
    const attach = (roleName: unknown, document: unknown) => {
      const role = byName.get(String(roleName));
      if (role !== undefined) roles[role]?.policyDocuments.push(document);
    };
    for (const id of this.resolver.logicalIdsOfType('AWS::IAM::Policy')) {
      const document = this.resolve(id, 'PolicyDocument');
      for (const roleName of asArray(this.resolve(id, 'Roles'))) attach(roleName, document);
    }
    const managed = new Map<string, unknown>();
    for (const id of this.resolver.logicalIdsOfType('AWS::IAM::ManagedPolicy')) {
      const document = this.resolve(id, 'PolicyDocument');
      managed.set(this.resolver.ref(id), document);
      for (const roleName of asArray(this.resolve(id, 'Roles'))) attach(roleName, document);
    }
    for (const logicalId of Object.keys(roles)) {
      for (const arn of asArray(this.resolve(logicalId, 'ManagedPolicyArns')).map(String)) {
        const role = roles[logicalId];
        if (role === undefined) continue;
        const local = managed.get(arn);
        if (local === undefined) role.managedPolicyArns.push(arn);
        else role.policyDocuments.push(local);
      }
    }
    return roles;
  }
  resourcePolicies(
    policyType: string,
    targetProperty: string,
    targetType: string,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const id of this.resolver.logicalIdsOfType(policyType)) {
      const document = this.resolve(id, 'PolicyDocument');
      for (const target of asArray(this.resolve(id, targetProperty)).map(String)) {
        const logicalId = this.findByValue(targetType, target, []);
        if (logicalId !== undefined) out[logicalId] = document;
      }
    }
    return out;
  }
}
