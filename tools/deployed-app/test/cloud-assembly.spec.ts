import { existsSync, readFileSync } from 'node:fs';
import validateAsl from 'asl-validator';
import { loadSynthesizedApp } from '@lumcast/aws-emulator';
import {
  CDK_OUT_DIR,
  readSynthesizedTemplate,
  resourcesOfType,
} from './support/synthesized-template';

const raw = readSynthesizedTemplate();
const app = loadSynthesizedApp({
  cdkOutDir: CDK_OUT_DIR,
  endpoints: { sqsBaseUrl: 'http://127.0.0.1:9324' },
});

function hasIntrinsic(value: unknown): boolean {
  return /"(Ref|Fn::[A-Za-z]+)"\s*:/.test(JSON.stringify(value));
}

function taskResources(definition: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      if (record['Type'] === 'Task' && typeof record['Resource'] === 'string')
        found.push(record['Resource']);
      Object.values(record).forEach(walk);
    }
  };
  walk(definition);
  return found;
}

describe('loadSynthesizedApp on the synthesized Lumcast stack', () => {
  describe('functions', () => {
    it('has every application function of the template, and none of the deploy-time providers', () => {
      const all = resourcesOfType(raw, 'AWS::Lambda::Function').map(([id]) => id);
      const modelled = [
        ...app.functions.map((f) => f.logicalId),
        ...app.deployTimeFunctionLogicalIds,
      ];
      expect(modelled.sort()).toEqual(all.sort());
      expect(app.functions.length).toBeGreaterThanOrEqual(6);
      for (const id of app.deployTimeFunctionLogicalIds) {
        const servesACustomResource = Object.values(raw.Resources).some(
          (r) =>
            r.Type.startsWith('Custom::') &&
            JSON.stringify(r.Properties?.['ServiceToken']).includes(id),
        );
        expect(servesACustomResource).toBe(true);
      }
    });

    it('points each function at its bundle file on disk, named by its Handler', () => {
      for (const fn of app.functions) {
        const handler = raw.Resources[fn.logicalId]?.Properties?.['Handler'];
        expect(`${fn.handlerName}.${fn.exportName}`).toBe(handler);
        expect(existsSync(fn.bundleFile)).toBe(true);
        expect(fn.bundleFile).toMatch(new RegExp(`/${fn.handlerName}\\.(mjs|js|cjs)$`));
        expect(readFileSync(fn.bundleFile, 'utf8')).toMatch(new RegExp(`\\b${fn.exportName}\\b`));
      }
    });

    it('gives each function exactly the template environment, every value resolved', () => {
      for (const fn of app.functions) {
        const props = raw.Resources[fn.logicalId]?.Properties ?? {};
        const variables = ((props['Environment'] as { Variables?: Record<string, unknown> })
          ?.Variables ?? {}) as Record<string, unknown>;
        expect(Object.keys(fn.environment).sort()).toEqual(Object.keys(variables).sort());
        for (const [name, value] of Object.entries(variables)) {
          const resolved = fn.environment[name] as string;
          expect(resolved).not.toMatch(/\[object Object\]|\{"Ref"|Fn::|\$\{/);
          if (typeof value === 'string') expect(resolved).toBe(value);
          const ref = (value as { Ref?: string }).Ref;
          if (ref !== undefined) expect(resolved).toBe(app.physicalIds[ref]);
        }
      }
    });

    it('keeps memory, timeout, role and reserved concurrency as the template sets them', () => {
      for (const fn of app.functions) {
        const props = raw.Resources[fn.logicalId]?.Properties ?? {};
        expect(fn.memoryMiB).toBe(props['MemorySize'] ?? 128);
        expect(fn.timeoutSeconds).toBe(props['Timeout'] ?? 3);
        expect(fn.reservedConcurrency).toBe(props['ReservedConcurrentExecutions']);
        expect(JSON.stringify(props['Role'])).toContain(fn.roleLogicalId);
        expect(fn.roleArn).toBe(app.roles[fn.roleLogicalId]?.roleArn);
        expect(fn.functionArn).toBe(
          `arn:aws:lambda:us-east-1:000000000000:function:${fn.functionName}`,
        );
      }
    });
  });

  describe('state machine', () => {
    it('has CDK’s substitutions applied: no ${...} left, every Task a function of the app', () => {
      const text = JSON.stringify(app.stateMachine.definition);
      expect(text).not.toContain('${');
      const tasks = taskResources(app.stateMachine.definition);
      expect(tasks.length).toBeGreaterThan(0);
      const arns = new Set(app.functions.map((f) => f.functionArn));
      for (const resource of tasks) {
        if (resource.startsWith('arn:aws:lambda:')) expect(arns.has(resource)).toBe(true);
      }
    });

    it('passes asl-validator', () => {
      const result = validateAsl(structuredClone(app.stateMachine.definition) as never);
      expect(result.errors).toEqual([]);
      expect(result.isValid).toBe(true);
    });

    it('names its role, whose policy lets it invoke every Task function', () => {
      const documents = JSON.stringify(app.roles[app.stateMachine.roleLogicalId]?.policyDocuments);
      for (const resource of new Set(taskResources(app.stateMachine.definition))) {
        if (resource.startsWith('arn:aws:lambda:')) expect(documents).toContain(resource);
      }
    });
  });

  describe('tables, buckets, queues', () => {
    it('keeps each table’s keys, indexes and TTL attribute', () => {
      const tables = resourcesOfType(raw, 'AWS::DynamoDB::Table');
      expect(app.tables.map((t) => t.logicalId).sort()).toEqual(tables.map(([id]) => id).sort());
      for (const [id, resource] of tables) {
        const table = app.tables.find((t) => t.logicalId === id);
        const props = resource.Properties ?? {};
        expect(table?.keySchema).toEqual(props['KeySchema']);
        expect(table?.attributeDefinitions).toEqual(props['AttributeDefinitions']);
        const ttl = props['TimeToLiveSpecification'] as
          { AttributeName: string; Enabled: boolean } | undefined;
        expect(table?.ttlAttribute).toBe(ttl?.Enabled ? ttl.AttributeName : undefined);
        expect(table?.globalSecondaryIndexes?.map((i) => i.IndexName)).toEqual(
          (props['GlobalSecondaryIndexes'] as { IndexName: string }[] | undefined)?.map(
            (i) => i.IndexName,
          ),
        );
      }
    });

    it('names buckets as S3 allows (lower case, at most 63 characters) with their policies resolved', () => {
      for (const bucket of app.buckets) {
        expect(bucket.bucketName).toMatch(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/);
        expect(bucket.bucketArn).toBe(`arn:aws:s3:::${bucket.bucketName}`);
      }
      expect(Object.keys(app.bucketPolicies).length).toBe(
        resourcesOfType(raw, 'AWS::S3::BucketPolicy').length,
      );
      for (const policy of Object.values(app.bucketPolicies))
        expect(hasIntrinsic(policy)).toBe(false);
    });

    it('gives the audio bucket the CORS rules the stack sets after deployment', () => {
      const audio = app.buckets.find((b) =>
        app.functions.some((f) => Object.values(f.environment).includes(b.bucketName)),
      );
      expect(audio?.corsRules?.[0]?.AllowedMethods).toEqual(expect.arrayContaining(['GET']));
    });

    it('builds queue URLs on the run’s SQS base and keeps redrive and the event source mapping', () => {
      for (const queue of app.queues) {
        expect(queue.queueUrl).toBe(`http://127.0.0.1:9324/000000000000/${queue.queueName}`);
      }
      for (const [id, resource] of resourcesOfType(raw, 'AWS::SQS::Queue')) {
        const redrive = resource.Properties?.['RedrivePolicy'] as
          { maxReceiveCount: number } | undefined;
        expect(app.queues.find((q) => q.logicalId === id)?.redrive?.maxReceiveCount).toBe(
          redrive?.maxReceiveCount,
        );
      }
      const mappings = resourcesOfType(raw, 'AWS::Lambda::EventSourceMapping');
      expect(app.eventSourceMappings).toHaveLength(mappings.length);
      for (const [id, resource] of mappings) {
        const mapping = app.eventSourceMappings.find((m) => m.logicalId === id);
        const props = resource.Properties ?? {};
        expect(mapping?.batchSize).toBe(props['BatchSize'] ?? 10);
        expect(mapping?.maximumConcurrency).toBe(
          (props['ScalingConfig'] as { MaximumConcurrency?: number })?.MaximumConcurrency,
        );
        expect(mapping?.reportBatchItemFailures).toBe(
          JSON.stringify(props['FunctionResponseTypes'] ?? []).includes('ReportBatchItemFailures'),
        );
      }
    });
  });

  describe('API, identity and roles', () => {
    it('has every route of the template, each integrated with a function of the app', () => {
      const routeKeys = resourcesOfType(raw, 'AWS::ApiGatewayV2::Route').map(
        ([, r]) => r.Properties?.['RouteKey'],
      );
      expect(app.httpApi.routes.map((r) => r.routeKey).sort()).toEqual(routeKeys.sort());
      for (const route of app.httpApi.routes) {
        expect(app.functions.some((f) => f.logicalId === route.functionLogicalId)).toBe(true);
        expect(route.payloadFormatVersion).toBe('2.0');
      }
    });

    it('resolves the JWT authorizer to the user pool’s issuer and the client’s id', () => {
      expect(app.userPool).toBeDefined();
      expect(app.httpApi.jwtAuthorizer?.issuer).toBe(
        `https://cognito-idp.us-east-1.amazonaws.com/${app.userPool?.userPoolId}`,
      );
      expect(app.httpApi.jwtAuthorizer?.audience).toEqual(
        app.userPoolClients.map((c) => c.clientId),
      );
      expect(app.httpApi.jwtAuthorizer?.identitySource).toBe('$request.header.Authorization');
    });

    it('attaches every identity policy of the template to its role, fully resolved', () => {
      const policies = resourcesOfType(raw, 'AWS::IAM::Policy');
      const attached = Object.values(app.roles).reduce((n, r) => n + r.policyDocuments.length, 0);
      expect(attached).toBeGreaterThanOrEqual(policies.length);
      for (const role of Object.values(app.roles)) {
        expect(hasIntrinsic(role.policyDocuments)).toBe(false);
      }
    });

    it('keeps the event rules’ Lambda targets with their retries and dead-letter queues', () => {
      const rules = resourcesOfType(raw, 'AWS::Events::Rule');
      expect(app.eventRules).toHaveLength(rules.length);
      for (const rule of app.eventRules) {
        expect(hasIntrinsic(rule.eventPattern)).toBe(false);
        for (const target of rule.targets) {
          expect(app.functions.some((f) => f.logicalId === target.functionLogicalId)).toBe(true);
        }
      }
    });
  });
});
