import { Fn, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpNoneAuthorizer,
  HttpStage,
  LogGroupLogDestination,
  type HttpRoute,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { gatewayRoutes, type RouteAuth } from '@lumcast/pipeline/contract';
import type { StageConfig } from '../stage-config';
import { PostDeployCall } from './post-deploy-call';

/** One route API Gateway carries: its method and its path (API Gateway syntax). */
export interface ApiGatewayRoute {
  readonly method: HttpMethod;
  readonly path: string;
}

function gatewayRoutesWith(auth: RouteAuth): readonly ApiGatewayRoute[] {
  return gatewayRoutes()
    .filter((route) => route.auth === auth)
    .map((route) => ({
      method: HttpMethod[route.method as keyof typeof HttpMethod],
      path: route.path,
    }));
}

/**
 * Every signed-in route of the Lumcast HTTP API: the routes of the pipeline's `API_CONTRACT`
 * with `auth: 'jwt'`; each one requires a Cognito JWT. The public feed routes are
 * {@link PUBLIC_FEED_ROUTES}.
 *
 * @example
 * ```ts
 * API_ROUTES.map((route) => `${route.method} ${route.path}`); // ['POST /api/podcasts', ...]
 * ```
 */
export const API_ROUTES: readonly ApiGatewayRoute[] = gatewayRoutesWith('jwt');

/**
 * The routes reachable with no identity (the contract's `auth: 'none'` routes): a subscribed
 * feed, as a podcast app fetches it (`/feeds/{feedId}` and, under it, `cover.png` and each
 * episode's `audio.mp3`, `captions.vtt`, `chapters.json`), with GET and HEAD, on the one greedy
 * route the contract names for them. A podcast app cannot sign in; the 128-bit random feed id in
 * the path is the secret, and revoking the feed makes every one of its URLs answer 404. The api
 * function matches the exact paths under the greedy route.
 *
 * @example
 * ```ts
 * PUBLIC_FEED_ROUTES.map((route) => `${route.method} ${route.path}`); // ['GET /feeds/{proxy+}', 'HEAD /feeds/{proxy+}']
 * ```
 */
export const PUBLIC_FEED_ROUTES: readonly ApiGatewayRoute[] = gatewayRoutesWith('none');

const PUBLIC_FEED_ROUTE_REASON =
  'Podcast apps subscribe to a feed URL and cannot sign in, so the feed routes (GET and HEAD ' +
  '/feeds/{proxy+}, read-only) take no identity: the 128-bit random feed id in the path is the ' +
  'secret, the owner can revoke it (every URL of the feed then answers 404), and audio is ' +
  'handed out only as short-lived presigned links.';

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
 * What {@link LumcastHttpApi.addPublicFeedRoutes} wires.
 *
 * @example
 * ```ts
 * api.addPublicFeedRoutes({ handler: apiFunction });
 * ```
 */
export interface PublicFeedRoutesOptions {
  readonly handler: IFunction;
}

/**
 * The HTTP API (API Gateway v2). Created empty so CloudFront can point at it;
 * then {@link addAuthorizedRoutes} adds the contract's routes, every one behind
 * a Cognito user-pool JWT authorizer, {@link addPublicFeedRoutes} the feed routes
 * podcast apps fetch with no identity (explicitly without an authorizer), and
 * {@link restrictCorsTo} allows exactly one browser origin. Access logs (JSON)
 * go to their own log group; the default stage is throttled.
 *
 * @example
 * ```ts
 * const api = new LumcastHttpApi(stack, 'Api', { config });
 * api.addAuthorizedRoutes({ userPool, client, handler: apiFunction });
 * api.addPublicFeedRoutes({ handler: apiFunction });
 * ```
 */
export class LumcastHttpApi extends Construct {
  readonly httpApi: HttpApi;
  readonly accessLogs: LogGroup;
  private readonly config: StageConfig;
  private readonly integrations = new Map<IFunction, HttpLambdaIntegration>();

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

  /** One integration per function, shared by its routes (one Lambda permission). */
  private integrationFor(handler: IFunction): HttpLambdaIntegration {
    let integration = this.integrations.get(handler);
    if (integration === undefined) {
      integration = new HttpLambdaIntegration(
        this.integrations.size === 0 ? 'ApiFunction' : `ApiFunction${this.integrations.size}`,
        handler,
      );
      this.integrations.set(handler, integration);
    }
    return integration;
  }

  /**
   * Adds every route of {@link API_ROUTES} → the api function, each with the
   * Cognito JWT authorizer.
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
    const integration = this.integrationFor(options.handler);
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
   * Adds {@link PUBLIC_FEED_ROUTES} → the api function with `HttpNoneAuthorizer`
   * (`AuthorizationType: NONE`, stated on each route so no default authorizer applies), and
   * acknowledges cdk-nag's unauthenticated-route finding on exactly these routes, with the reason.
   *
   * @example
   * ```ts
   * api.addPublicFeedRoutes({ handler: fns.byHandler.api });
   * ```
   */
  addPublicFeedRoutes(options: PublicFeedRoutesOptions): HttpRoute[] {
    const integration = this.integrationFor(options.handler);
    const authorizer = new HttpNoneAuthorizer();
    const routes = PUBLIC_FEED_ROUTES.flatMap((route) =>
      this.httpApi.addRoutes({
        path: route.path,
        methods: [route.method],
        integration,
        authorizer,
      }),
    );
    for (const route of routes) {
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: PUBLIC_FEED_ROUTE_REASON,
      });
    }
    return routes;
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
            AllowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
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
