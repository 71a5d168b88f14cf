import { Validations } from 'aws-cdk-lib';
import { environmentSchema } from '@lumcast/pipeline';
import { API_CONTRACT, gatewayRoutes } from '@lumcast/pipeline/contract';
import { Match } from 'aws-cdk-lib/assertions';
import { HANDLER_NAMES } from '../src/build-outputs';
import { API_ROUTES, PUBLIC_FEED_ROUTES } from '../src/constructs/http-api';
import { logicalIdOf, synthesizeLumcast, type SynthesizedLumcast } from './support/synthesize';

/** Managed CloudFront policy ids (documented by AWS). */
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

/** Every variable the handlers' configuration schema knows, plus Node's own options. */
const CONTRACT_VARIABLES = new Set([...Object.keys(environmentSchema.shape), 'NODE_OPTIONS']);

let synthesized: SynthesizedLumcast;
let distributionId: string;

beforeAll(() => {
  synthesized = synthesizeLumcast();
  distributionId = logicalIdOf(synthesized.stack, synthesized.stack.dashboard.distribution);
});

afterAll(() => synthesized.builds.remove());

const distributionDomain = (): unknown => ({ 'Fn::GetAtt': [distributionId, 'DomainName'] });

describe('HTTP API routes', () => {
  const routeKeys = (routes: readonly { method: string; path: string }[]): string[] =>
    routes.map((route) => `${route.method} ${route.path}`).sort();
  const templateRoutes = (): Record<string, unknown>[] =>
    Object.values(synthesized.template.findResources('AWS::ApiGatewayV2::Route')).map(
      (route) => route['Properties'] as Record<string, unknown>,
    );

  it('are exactly the contract routes and the public feed routes, with no $default catch-all', () => {
    const routes = templateRoutes().map((route) => route['RouteKey'] as string);
    expect(routes.sort()).toEqual(routeKeys([...API_ROUTES, ...PUBLIC_FEED_ROUTES]));
    expect(routeKeys(API_ROUTES)).toEqual(
      expect.arrayContaining([
        'POST /api/feeds',
        'GET /api/feeds',
        'DELETE /api/feeds/{feedId}',
        'GET /api/options',
      ]),
    );
    expect(routeKeys(PUBLIC_FEED_ROUTES)).toEqual(['GET /feeds/{proxy+}', 'HEAD /feeds/{proxy+}']);
  });

  it('are the routes of the pipeline’s API contract, each with the contract’s auth', () => {
    const routes = templateRoutes().map((route) => ({
      key: route['RouteKey'],
      authorization: route['AuthorizationType'],
    }));
    const contract = gatewayRoutes().map((route) => ({
      key: `${route.method} ${route.path}`,
      authorization: route.auth === 'jwt' ? 'JWT' : 'NONE',
    }));
    const byKey = (a: { key: unknown }, b: { key: unknown }) =>
      String(a.key).localeCompare(String(b.key));
    expect(routes.sort(byKey)).toEqual(contract.sort(byKey));
    // Every declared route reaches the api function: on its own route, or on the greedy one.
    const keys = new Set(routes.map((route) => route.key));
    for (const route of Object.values(API_CONTRACT)) {
      const carried = 'gateway' in route ? route.gateway.path : route.path;
      expect(keys).toContain(`${route.method} ${carried}`);
    }
  });

  it('require the Cognito JWT authorizer on every route but the public feed routes', () => {
    const authorizers = synthesized.template.findResources('AWS::ApiGatewayV2::Authorizer');
    expect(Object.keys(authorizers)).toHaveLength(1);
    const [authorizerId] = Object.keys(authorizers);
    const publicKeys = routeKeys(PUBLIC_FEED_ROUTES);
    for (const route of templateRoutes().filter(
      (r) => !publicKeys.includes(String(r['RouteKey'])),
    )) {
      expect(route).toEqual(
        expect.objectContaining({ AuthorizationType: 'JWT', AuthorizerId: { Ref: authorizerId } }),
      );
    }
  });

  it('let podcast apps fetch the feed routes with no identity (AuthorizationType NONE, no authorizer, GET and HEAD only)', () => {
    const publicRoutes = templateRoutes().filter((route) => route['AuthorizationType'] !== 'JWT');
    expect(publicRoutes.map((route) => route['RouteKey']).sort()).toEqual(
      routeKeys(PUBLIC_FEED_ROUTES),
    );
    for (const route of publicRoutes) {
      expect(route['AuthorizationType']).toBe('NONE');
      expect(route['AuthorizerId']).toBeUndefined();
      expect(String(route['RouteKey'])).toMatch(/^(GET|HEAD) \/feeds\//);
    }
  });

  it('acknowledge the unauthenticated-route finding on exactly the two public feed routes', () => {
    const acknowledged = synthesized.stack.node
      .findAll()
      .filter((construct) =>
        construct.node.metadata.some(
          (entry) =>
            entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY &&
            Object.keys(entry.data as object).some((id) => id.endsWith('AwsSolutions-APIG4')),
        ),
      )
      .map((construct) => construct.node.id)
      .sort();
    expect(acknowledged).toEqual(['GET--feeds--{proxy+}', 'HEAD--feeds--{proxy+}']);
  });

  it('validates JWTs issued by the Lumcast user pool for the dashboard client', () => {
    const { stack } = synthesized;
    const poolId = logicalIdOf(stack, stack.auth.userPool);
    const clients = synthesized.template.findResources('AWS::Cognito::UserPoolClient');
    const [clientId] = Object.keys(clients);
    synthesized.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: clientId }],
        Issuer: Match.anyValue(),
      },
    });
    const authorizer = Object.values(
      synthesized.template.findResources('AWS::ApiGatewayV2::Authorizer'),
    )[0];
    expect(JSON.stringify(authorizer?.['Properties']['JwtConfiguration']['Issuer'])).toContain(
      poolId,
    );
  });

  it('sends every route to the api function with payload format 2.0', () => {
    const apiFn = logicalIdOf(synthesized.stack, synthesized.stack.functions.byHandler.api);
    synthesized.template.resourceCountIs('AWS::ApiGatewayV2::Integration', 1);
    synthesized.template.hasResourceProperties('AWS::ApiGatewayV2::Integration', {
      IntegrationType: 'AWS_PROXY',
      PayloadFormatVersion: '2.0',
      IntegrationUri: { 'Fn::GetAtt': [apiFn, 'Arn'] },
    });
  });

  it('logs access as JSON and throttles the default stage', () => {
    synthesized.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: {
        DestinationArn: Match.anyValue(),
        Format: Match.stringLikeRegexp('requestId'),
      },
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
  });

  const customCalls = (action: string) =>
    Object.values(synthesized.template.findResources('Custom::AWS')).filter((resource) =>
      JSON.stringify(resource['Properties']['Create']).includes(`\\"action\\":\\"${action}\\"`),
    );

  it('allows CORS for the dashboard CloudFront origin only', () => {
    const cors = customCalls('UpdateApi');
    expect(cors).toHaveLength(1);
    const create = JSON.stringify(cors[0]?.['Properties']['Create']);
    expect(create).toContain('AllowOrigins');
    expect(create).toContain(JSON.stringify(distributionDomain()));
    expect(create).not.toMatch(/AllowOrigins\\":\[\\"\*\\"/);
    expect(JSON.stringify(cors[0]?.['Properties']['Update'])).toEqual(create);
    synthesized.template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: Match.absent(),
    });
  });

  it('lets only the dashboard origin read episode files from the audio bucket (captions are fetched) and POST source files to it', () => {
    const cors = customCalls('putBucketCors');
    expect(cors).toHaveLength(1);
    const create = JSON.stringify(cors[0]?.['Properties']['Create']);
    expect(create).toContain(JSON.stringify(distributionDomain()));
    expect(create).toContain('\\"AllowedMethods\\":[\\"GET\\",\\"HEAD\\"]');
    expect(create).toContain('\\"AllowedMethods\\":[\\"POST\\"]');
    expect(create).not.toMatch(/AllowedOrigins\\":\[\\"\*\\"/);
    const policies = synthesized.template.findResources('AWS::IAM::Policy');
    const statements = Object.values(policies).flatMap(
      (policy) => policy['Properties']['PolicyDocument']['Statement'] as { Action: unknown }[],
    );
    const corsStatements = statements.filter((statement) =>
      JSON.stringify(statement.Action).includes('PutBucketCORS'),
    );
    expect(corsStatements).toHaveLength(1);
    expect(corsStatements[0]?.Action).toBe('s3:PutBucketCORS');
  });
});

describe('no dev identity in the deployed stack', () => {
  const functions = (): Record<string, Record<string, unknown>> =>
    Object.fromEntries(
      HANDLER_NAMES.map((handler) => {
        const id = logicalIdOf(synthesized.stack, synthesized.stack.functions.byHandler[handler]);
        const resource = synthesized.template.findResources('AWS::Lambda::Function')[id];
        return [handler, resource?.['Properties']['Environment']['Variables'] ?? {}];
      }),
    );

  it('gives the functions only variables of the contract (no identity switch, no endpoint override)', () => {
    for (const [handler, variables] of Object.entries(functions())) {
      const unknown = Object.keys(variables).filter((name) => !CONTRACT_VARIABLES.has(name));
      expect({ handler, unknown }).toEqual({ handler, unknown: [] });
    }
  });

  it("gives every function an environment the handlers' own schema accepts", () => {
    for (const [handler, variables] of Object.entries(functions())) {
      // CloudFormation references (table names, ARNs) become strings at deploy time.
      const deployed = Object.fromEntries(
        Object.entries(variables).map(([name, value]) => [
          name,
          typeof value === 'string' ? value : `deployed-${name}`,
        ]),
      );
      const parsed = environmentSchema.safeParse(deployed);
      expect({ handler, issues: parsed.error?.issues ?? [] }).toEqual({ handler, issues: [] });
    }
    expect(functions()['api']).toHaveProperty('LUMCAST_QUEUE_URL');
    expect(functions()['api']).toHaveProperty('LUMCAST_FEEDS_TABLE');
    expect(functions()['sqs-consumer']).toHaveProperty('LUMCAST_STATE_MACHINE_ARN');
    expect(functions()['write-script']).toHaveProperty('LUMCAST_BEDROCK_MODEL_ID');
  });

  it('names the feeds table to the api only (no other function reads or writes feeds)', () => {
    const feedsId = logicalIdOf(synthesized.stack, synthesized.stack.tables.feeds);
    for (const [handler, variables] of Object.entries(functions())) {
      expect({ handler, feeds: variables['LUMCAST_FEEDS_TABLE'] }).toEqual({
        handler,
        feeds: handler === 'api' ? { Ref: feedsId } : undefined,
      });
    }
  });

  it('has no variable name or value that mentions a dev or local identity', () => {
    const rendered = JSON.stringify(functions());
    expect(rendered).not.toMatch(
      /x-lumcast-user|dev[-_ ]?identity|LUMCAST_IDENTITY|AWS_ENDPOINT_URL/i,
    );
  });

  it('runs the real engines: Bedrock for scripts, Polly for speech', () => {
    for (const [handler, variables] of Object.entries(functions())) {
      expect({
        handler,
        writer: variables['LUMCAST_SCRIPT_WRITER'],
        speech: variables['LUMCAST_SPEECH'],
      }).toEqual({
        handler,
        writer: 'bedrock',
        speech: 'polly',
      });
    }
  });
});

describe('dashboard hosting', () => {
  it('serves the static export from a private bucket through origin access control', () => {
    const siteId = logicalIdOf(synthesized.stack, synthesized.stack.dashboard.siteBucket);
    synthesized.template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    synthesized.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: { 'Fn::GetAtt': [siteId, 'RegionalDomainName'] },
            OriginAccessControlId: Match.anyValue(),
          }),
        ]),
      }),
    });
  });

  it('routes /api/* to the HTTP API uncached, forwarding every viewer header but Host', () => {
    synthesized.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            CachePolicyId: CACHING_DISABLED,
            OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
            ViewerProtocolPolicy: 'https-only',
            AllowedMethods: Match.arrayWith(['GET', 'POST']),
          }),
        ],
      }),
    });
  });

  it('points the /api/* origin at the HTTP API over TLS 1.2', () => {
    const apiId = logicalIdOf(synthesized.stack, synthesized.stack.api.httpApi);
    const distribution = Object.values(
      synthesized.template.findResources('AWS::CloudFront::Distribution'),
    )[0]?.['Properties']['DistributionConfig'];
    const target = distribution['CacheBehaviors'][0]['TargetOriginId'];
    const origin = distribution['Origins'].find((o: { Id: string }) => o.Id === target);
    expect(JSON.stringify(origin['DomainName'])).toContain(`"${apiId}"`);
    expect(origin['CustomOriginConfig']).toEqual(
      expect.objectContaining({
        OriginProtocolPolicy: 'https-only',
        OriginSSLProtocols: ['TLSv1.2'],
      }),
    );
  });

  it('has no distribution-wide error pages that would turn API 404s into HTML', () => {
    synthesized.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ CustomErrorResponses: Match.absent() }),
    });
  });

  it('deploys the export with a config.json naming the user pool, client, region and hosted UI', () => {
    const { stack } = synthesized;
    const deployments = Object.values(
      synthesized.template.findResources('Custom::CDKBucketDeployment'),
    );
    expect(deployments).toHaveLength(1);
    const properties = deployments[0]?.['Properties'];
    expect(properties['Prune']).toBe(true);
    expect(properties['DistributionPaths']).toEqual(['/*']);
    expect(properties['SourceObjectKeys']).toHaveLength(2);
    const markers = JSON.stringify(properties['SourceMarkers']);
    expect(markers).toContain(JSON.stringify({ Ref: logicalIdOf(stack, stack.auth.userPool) }));
    expect(markers).toContain(JSON.stringify({ Ref: 'AWS::Region' }));
    const [clientId] = Object.keys(
      synthesized.template.findResources('AWS::Cognito::UserPoolClient'),
    );
    expect(markers).toContain(JSON.stringify({ Ref: clientId }));
    expect(markers).toContain(JSON.stringify({ Ref: logicalIdOf(stack, stack.auth.domain) }));
  });
});

describe('Cognito sign-in', () => {
  it('is a public authorization-code client whose callback is the CloudFront URL', () => {
    synthesized.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      GenerateSecret: false,
      CallbackURLs: [{ 'Fn::Join': ['', ['https://', distributionDomain(), '/']] }],
      LogoutURLs: [{ 'Fn::Join': ['', ['https://', distributionDomain(), '/']] }],
      SupportedIdentityProviders: ['COGNITO'],
      AllowedOAuthScopes: Match.arrayWith(['openid']),
    });
  });

  it('has a hosted UI domain and a strong password policy', () => {
    synthesized.template.resourceCountIs('AWS::Cognito::UserPoolDomain', 1);
    synthesized.template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 12,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
    });
  });
});
