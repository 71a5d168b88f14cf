import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LambdaRuntime } from '@lumcast/aws-emulator';

/** The template `infra:synth` writes (the `test` target depends on it). */
const template = JSON.parse(
  readFileSync(
    path.resolve(__dirname, '../../../dist/apps/infra/cdk.out/Lumcast-dev.template.json'),
    'utf8',
  ),
) as { Resources: Record<string, { Type: string; Properties: Record<string, any> }> };

describe('the runtime on a built bundle', () => {
  it('runs the synthesized api function from dist/apps/functions and answers an event without JWT claims with 401', async () => {
    const [logicalId, resource] = Object.entries(template.Resources).find(
      ([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties['Handler'] === 'api.handler',
    )!;
    // Values the template leaves to CloudFormation (Refs) get placeholders: no AWS call is made here.
    const environment = Object.fromEntries(
      Object.entries<unknown>(resource.Properties['Environment'].Variables).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : `local-${k}`,
      ]),
    );
    const runtime = new LambdaRuntime({
      functions: [
        {
          logicalId,
          functionName: 'api',
          functionArn: 'arn:aws:lambda:us-east-1:000000000000:function:api',
          handlerName: 'api',
          bundleFile: path.resolve(__dirname, '../../../dist/apps/functions/api.mjs'),
          exportName: 'handler',
          environment,
          memoryMiB: resource.Properties['MemorySize'],
          timeoutSeconds: resource.Properties['Timeout'],
          roleLogicalId: 'ApiRole',
          roleArn: 'arn:aws:iam::000000000000:role/api',
          runtime: resource.Properties['Runtime'],
          architectures: resource.Properties['Architectures'] ?? [],
        },
      ],
    });
    try {
      const answer = await runtime.invoke(logicalId, {
        version: '2.0',
        routeKey: 'GET /api/quota',
        rawPath: '/api/quota',
        rawQueryString: '',
        headers: {},
        requestContext: { http: { method: 'GET', path: '/api/quota' } },
        isBase64Encoded: false,
      });
      expect(answer.functionError).toBeUndefined();
      expect(answer.payload).toMatchObject({ statusCode: 401 });
      expect(JSON.parse((answer.payload as { body: string }).body)).toMatchObject({
        error: { code: 'unauthenticated' },
      });
    } finally {
      await runtime.stop();
    }
  });
});
