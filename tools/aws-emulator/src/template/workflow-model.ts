import { CloudAssemblyError } from '../errors';
import { asArray, asRecord, TemplateReader } from './template-reader';
import type {
  EventRuleSpec,
  HttpApiSpec,
  HttpRouteSpec,
  StateMachineSpec,
  SynthesizedApp,
} from './synthesized-app';

/**
 * The state machine, HTTP API, EventBridge rules, user pool and physical ids of the template.
 *
 * @example
 * ```ts
 * new WorkflowModel(resolver, cdkOutDir, templateFile);
 * ```
 */
export class WorkflowModel extends TemplateReader {
  stateMachine(): StateMachineSpec {
    const ids = this.resolver.logicalIdsOfType('AWS::StepFunctions::StateMachine');
    if (ids.length !== 1)
      throw new CloudAssemblyError(`Expected one state machine, found ${ids.length}`);
    const logicalId = ids[0] as string;
    const props = this.props(logicalId);
    let text: string;
    if (props['DefinitionString'] !== undefined)
      text = this.resolveString(logicalId, 'DefinitionString');
    else if (props['Definition'] !== undefined)
      text = JSON.stringify(this.resolve(logicalId, 'Definition'));
    else
      throw new CloudAssemblyError(
        `State machine ${logicalId} has no inline definition (S3 locations are not supported)`,
      );
    const substitutions = asRecord(
      this.resolve(logicalId, 'DefinitionSubstitutions') ?? {},
      'DefinitionSubstitutions',
    );
    text = text.replace(/\$\{([^}]+)\}/g, (whole, name: string) => {
      const value = substitutions[name];
      if (value === undefined)
        throw new CloudAssemblyError(
          `The definition uses ${whole}, which DefinitionSubstitutions does not define`,
        );
      return String(value);
    });
    let definition: unknown;
    try {
      definition = JSON.parse(text);
    } catch (cause) {
      throw new CloudAssemblyError(`The state machine definition is not JSON after substitution`, {
        cause,
      });
    }
    const roleArn = this.resolveString(logicalId, 'RoleArn');
    const roleLogicalId = this.findByValue('AWS::IAM::Role', roleArn, ['Arn']);
    if (roleLogicalId === undefined)
      throw new CloudAssemblyError(`The state machine's role is not in the template`);
    return {
      logicalId,
      stateMachineArn: this.resolver.ref(logicalId),
      name: this.resolver.getAtt(logicalId, 'Name'),
      definition,
      roleLogicalId,
      roleArn,
      type: this.resolve(logicalId, 'StateMachineType') === 'EXPRESS' ? 'EXPRESS' : 'STANDARD',
    };
  }
  httpApi(): HttpApiSpec {
    const apis = this.resolver
      .logicalIdsOfType('AWS::ApiGatewayV2::Api')
      .filter((id) => this.resolve(id, 'ProtocolType') === 'HTTP');
    if (apis.length !== 1)
      throw new CloudAssemblyError(`Expected one HTTP API, found ${apis.length}`);
    const logicalId = apis[0] as string;
    const apiId = this.resolver.ref(logicalId);
    const ofApi = (type: string) =>
      this.resolver.logicalIdsOfType(type).filter((id) => this.resolve(id, 'ApiId') === apiId);
    const integrations = ofApi('AWS::ApiGatewayV2::Integration');
    const authorizers = ofApi('AWS::ApiGatewayV2::Authorizer');
    let jwtAuthorizerId: string | undefined;
    const routes: HttpRouteSpec[] = ofApi('AWS::ApiGatewayV2::Route').map((routeId) => {
      const target = this.resolveString(routeId, 'Target');
      const integrationId = target.replace(/^integrations\//, '');
      const integration = integrations.find((i) => this.resolver.ref(i) === integrationId);
      if (integration === undefined)
        throw new CloudAssemblyError(`Route ${routeId} targets an unknown integration ${target}`);
      const functionLogicalId = this.functionByNameOrArn(
        this.resolveString(integration, 'IntegrationUri'),
      );
      if (functionLogicalId === undefined)
        throw new CloudAssemblyError(`Integration ${integration} is not a Lambda of this template`);
      const authorizationType = String(
        this.resolve(routeId, 'AuthorizationType') ?? 'NONE',
      ) as HttpRouteSpec['authorizationType'];
      if (authorizationType === 'JWT')
        jwtAuthorizerId ??= this.resolveString(routeId, 'AuthorizerId');
      const scopes = this.resolve(routeId, 'AuthorizationScopes');
      return {
        routeKey: this.resolveString(routeId, 'RouteKey'),
        authorizationType,
        functionLogicalId,
        payloadFormatVersion: String(this.resolve(integration, 'PayloadFormatVersion') ?? '2.0'),
        ...(scopes === undefined ? {} : { authorizationScopes: asArray(scopes).map(String) }),
      };
    });
    let jwtAuthorizer: HttpApiSpec['jwtAuthorizer'];
    const authorizer = authorizers.find((a) => this.resolver.ref(a) === jwtAuthorizerId);
    if (authorizer !== undefined) {
      const jwt = asRecord(
        this.resolve(authorizer, 'JwtConfiguration'),
        `${authorizer}.JwtConfiguration`,
      );
      jwtAuthorizer = {
        issuer: String(jwt['Issuer']),
        audience: asArray(jwt['Audience']).map(String),
        identitySource: asArray(this.resolve(authorizer, 'IdentitySource')).map(String).join(','),
      };
    }
    const corsCall = this.customAwsCalls()
      .filter(
        (c) =>
          c.service === 'apigatewayv2' &&
          c.action === 'updateapi' &&
          c.parameters['ApiId'] === apiId,
      )
      .at(-1);
    const cors =
      corsCall?.parameters['CorsConfiguration'] ?? this.resolve(logicalId, 'CorsConfiguration');
    return {
      logicalId,
      apiId,
      apiEndpoint: this.resolver.getAtt(logicalId, 'ApiEndpoint'),
      routes,
      ...(jwtAuthorizer === undefined ? {} : { jwtAuthorizer }),
      ...(cors === undefined ? {} : { cors }),
    };
  }
  eventRules(): EventRuleSpec[] {
    return this.resolver.logicalIdsOfType('AWS::Events::Rule').map((logicalId) => {
      const targets: EventRuleSpec['targets'][number][] = [];
      const otherTargetArns: string[] = [];
      for (const raw of asArray(this.resolve(logicalId, 'Targets'))) {
        const target = asRecord(raw, `${logicalId}.Targets`);
        const arn = String(target['Arn']);
        const functionLogicalId = this.functionByNameOrArn(arn);
        if (functionLogicalId === undefined) {
          otherTargetArns.push(arn);
          continue;
        }
        const retry = target['RetryPolicy'] as
          { MaximumRetryAttempts?: number; MaximumEventAgeInSeconds?: number } | undefined;
        const dlqArn = (target['DeadLetterConfig'] as { Arn?: string } | undefined)?.Arn;
        const deadLetterQueueLogicalId =
          dlqArn === undefined ? undefined : this.findByValue('AWS::SQS::Queue', dlqArn, ['Arn']);
        targets.push({
          functionLogicalId,
          ...(retry?.MaximumRetryAttempts === undefined
            ? {}
            : { retryAttempts: Number(retry.MaximumRetryAttempts) }),
          ...(retry?.MaximumEventAgeInSeconds === undefined
            ? {}
            : { maximumEventAgeSeconds: Number(retry.MaximumEventAgeInSeconds) }),
          ...(deadLetterQueueLogicalId === undefined ? {} : { deadLetterQueueLogicalId }),
          ...(typeof target['Input'] === 'string' ? { input: target['Input'] } : {}),
        });
      }
      const pattern = this.resolve(logicalId, 'EventPattern');
      return {
        logicalId,
        eventPattern: typeof pattern === 'string' ? JSON.parse(pattern) : pattern,
        state: String(this.resolve(logicalId, 'State') ?? 'ENABLED'),
        targets,
        otherTargetArns,
      };
    });
  }
  userPool(): SynthesizedApp['userPool'] {
    const [logicalId] = this.resolver.logicalIdsOfType('AWS::Cognito::UserPool');
    if (logicalId === undefined) return undefined;
    return {
      logicalId,
      userPoolId: this.resolver.ref(logicalId),
      userPoolArn: this.resolver.getAtt(logicalId, 'Arn'),
    };
  }
  userPoolClients(): SynthesizedApp['userPoolClients'] {
    return this.resolver
      .logicalIdsOfType('AWS::Cognito::UserPoolClient')
      .map((logicalId) => ({ logicalId, clientId: this.resolver.ref(logicalId) }));
  }
  physicalIds(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const id of Object.keys(this.template.Resources)) {
      if (this.resolver.isIncluded(id)) out[id] = this.resolver.ref(id);
    }
    return out;
  }
}
