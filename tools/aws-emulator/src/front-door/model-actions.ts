import { AwsServiceError } from '../errors';
import type { SynthesizedApp } from '../template/synthesized-app';
import type { ServiceCall } from './service-call';
import type { ReceivedRequest } from './sigv4-verifier';

/** The regions a global or geographic inference profile may route a request to, as evaluated here. */
const PROFILE_DESTINATION_REGIONS = ['us-east-1', 'us-west-2', 'eu-west-1'] as const;

/**
 * What a Polly request asks IAM for: `polly:SynthesizeSpeech` on `*` (no lexicons).
 *
 * @throws AwsServiceError for a request Polly would not understand.
 * @example
 * ```ts
 * pollyCall(request).operation; // 'SynthesizeSpeech'
 * ```
 */
export function pollyCall(request: ReceivedRequest): ServiceCall {
  if (request.method !== 'POST' || request.path !== '/v1/speech')
    throw new AwsServiceError('UnknownOperationException', `${request.method} ${request.path}`);
  // Polly authorizes SynthesizeSpeech on the lexicons it uses; with none, on "*".
  return {
    operation: 'SynthesizeSpeech',
    authorizations: [{ action: 'polly:SynthesizeSpeech', resource: '*' }],
  };
}

/**
 * What a Bedrock Runtime request asks IAM for: the model, or a cross-region inference profile and
 * the foundation model in each region it may route to (with the profile in the context).
 *
 * @throws AwsServiceError for a request Bedrock Runtime would not understand.
 * @example
 * ```ts
 * bedrockCall(app, request).authorizations[0]?.action; // 'bedrock:InvokeModel'
 * ```
 */
export function bedrockCall(app: SynthesizedApp, request: ReceivedRequest): ServiceCall {
  const match =
    /^\/model\/([^/]+)\/(converse|converse-stream|invoke|invoke-with-response-stream)$/.exec(
      request.path,
    );
  if (request.method !== 'POST' || !match)
    throw new AwsServiceError('UnknownOperationException', `${request.method} ${request.path}`);
  const modelId = decodeURIComponent(match[1] ?? '');
  const streaming = match[2]?.endsWith('stream') ?? false;
  const action = streaming ? 'bedrock:InvokeModelWithResponseStream' : 'bedrock:InvokeModel';
  const operation =
    { converse: 'Converse', 'converse-stream': 'ConverseStream' }[match[2] as string] ??
    (streaming ? 'InvokeModelWithResponseStream' : 'InvokeModel');
  const { region, accountId, partition } = app.account;
  if (modelId.startsWith('arn:'))
    return { operation, authorizations: [{ action, resource: modelId }] };
  const profile = /^(global|us|eu|apac|us-gov|jp|au|ca)\.(.+)$/.exec(modelId);
  if (!profile)
    return {
      operation,
      authorizations: [
        { action, resource: `arn:${partition}:bedrock:${region}::foundation-model/${modelId}` },
      ],
    };
  // A cross-region inference profile: AWS authorizes the profile, then the foundation model in
  // the region the profile routes to, with the profile's ARN in the context.
  const profileArn = `arn:${partition}:bedrock:${region}:${accountId}:inference-profile/${modelId}`;
  return {
    operation,
    authorizations: [
      { action, resource: profileArn },
      ...PROFILE_DESTINATION_REGIONS.map((destination) => ({
        action,
        resource: `arn:${partition}:bedrock:${destination}::foundation-model/${profile[2]}`,
        context: { 'bedrock:InferenceProfileArn': profileArn },
      })),
    ],
  };
}
