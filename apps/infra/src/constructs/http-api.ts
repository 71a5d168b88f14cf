import { Fn, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';
import { PostDeployCall } from './post-deploy-call';

/**
 * Every route of the Lumcast HTTP API (the contract's paths); each one requires a Cognito JWT.
 *
 * @example
 * ```ts
 * API_ROUTES.map((route) => `${route.method} ${route.path}`); // ['POST /api/podcasts', ...]
 * ```
 */
export const API_ROUTES: readonly { readonly method: HttpMethod; readonly path: string }[] = [
  { method: HttpMethod.POST, path: '/api/podcasts' },
  { method: HttpMethod.GET, path: '/api/podcasts' },
  { method: HttpMethod.GET, path: '/api/podcasts/{jobId}' },
  { method: HttpMethod.GET, path: '/api/quota' },
  { method: HttpMethod.GET, path: '/api/usage/history' },
];

/**
 * Props of {@link LumcastHttpApi}.
 *
 * @example
 * ```ts
 * const props: LumcastHttpApiProps = { config };
 * ```
 */
export interface LumcastHttpApiProps {
  readonly config: StageConfig;
}

/**
 * What {@link LumcastHttpApi.addAuthorizedRoutes} wires.
 *
 * @example
 * ```ts
 * api.addAuthorizedRoutes({ userPool, client, handler: apiFunction });
 * ```
 */
export interface AuthorizedRoutesOptions {
  readonly userPool: IUserPool;
  readonly client: IUserPoolClient;
  readonly handler: IFunction;
}

/**
 * The HTTP API (API Gateway v2). Created empty so CloudFront can point at it;
 * then {@link addAuthorizedRoutes} adds the contract's routes, every one behind
 * a Cognito user-pool JWT authorizer (also the API's default authorizer), and
 * {@link restrictCorsTo} allows exactly one browser origin. Access logs (JSON)
 * go to their own log group; the default stage is throttled.
 *
 * @example
 * ```ts
 * const api = new LumcastHttpApi(stack, 'Api', { config });
 * api.addAuthorizedRoutes({ userPool, client, handler: apiFunction });
 * ```
 */
export class LumcastHttpApi extends Construct {
  readonly httpApi: HttpApi;
  readonly accessLogs: LogGroup;
  private readonly config: StageConfig;

  constructor(scope: Construct, id: string, props: LumcastHttpApiProps) {
    super(scope, id);
    this.config = props.config;
    this.httpApi = new HttpApi(this, 'Http', {
      description: `Lumcast ${props.config.stage} API`,
      createDefaultStage: false,
    });
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
          }),
        ),
      },
    });
  }

  /** Host name of the API's execute-api endpoint (the CloudFront origin). */
  get endpointHost(): string {
    return Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint));
  }

  /**
   * Adds every route of {@link API_ROUTES} → the api function, each with the
   * Cognito JWT authorizer; the authorizer is also the API's default.
   *
   * @example
   * ```ts
   * api.addAuthorizedRoutes({ userPool: auth.userPool, client, handler: fns.byHandler.api });
   * ```
   */
  addAuthorizedRoutes(options: AuthorizedRoutesOptions): HttpUserPoolAuthorizer {
    const authorizer = new HttpUserPoolAuthorizer('CognitoJwt', options.userPool, {
      userPoolClients: [options.client],
      identitySource: ['$request.header.Authorization'],
    });
    const integration = new HttpLambdaIntegration('ApiFunction', options.handler);
    for (const route of API_ROUTES) {
      this.httpApi.addRoutes({
        path: route.path,
        methods: [route.method],
        integration,
        authorizer,
      });
    }
    return authorizer;
  }

  /**
   * Sets the API's CORS configuration to one origin (the dashboard's CloudFront
   * URL). Set after deployment of the distribution by an SDK call
   * (`apigatewayv2:UpdateApi`), because CloudFormation cannot express it: the
   * distribution's origin names the API, so the API resource cannot name the
   * distribution without a dependency cycle.
   *
   * @example
   * ```ts
   * api.restrictCorsTo(`https://${distribution.distributionDomainName}`);
   * ```
   */
  restrictCorsTo(origin: string): PostDeployCall {
    const apiArn = Stack.of(this).formatArn({
      service: 'apigateway',
      account: '',
      resource: '/apis',
      resourceName: this.httpApi.apiId,
    });
    const cors = new PostDeployCall(this, 'Cors', {
      config: this.config,
      description: 'Sets the Lumcast HTTP API CORS origin once the dashboard URL exists',
      call: {
        service: 'ApiGatewayV2',
        action: 'UpdateApi',
        parameters: {
          ApiId: this.httpApi.apiId,
          CorsConfiguration: {
            AllowOrigins: [origin],
            AllowMethods: ['GET', 'POST', 'OPTIONS'],
            AllowHeaders: ['authorization', 'content-type'],
            AllowCredentials: false,
            MaxAge: 600,
          },
        },
      },
      allow: [new PolicyStatement({ actions: ['apigateway:PATCH'], resources: [apiArn] })],
      physicalId: `${this.httpApi.apiId}-cors`,
    });
    // Re-applied whenever the API or the origin changes (the parameters change).
    cors.node.addDependency(this.httpApi);
    return cors;
  }
}
