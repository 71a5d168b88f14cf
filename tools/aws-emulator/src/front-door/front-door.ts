import { AwsServiceError } from '../errors';
import { Authority, SIGNING_NAMES } from './authorize';
import { Forwarder } from './forward';
import { InjectedFaults } from './injected-faults';
import type { AwsEndpoints, AwsEndpointsOptions } from './front-door-types';
import { isPostObject, PostObjectUploads } from './post-object-upload';
import { refusalAnswer, type Answer } from './refusals';
import type { FrontDoorService } from './service-call';
import type { ReceivedRequest } from './sigv4-verifier';
import { listenFrontDoor, type ListeningFrontDoor } from './transport';

/**
 * Starts the IAM-enforcing front doors: one local endpoint per service the functions call. Each
 * request's SigV4 signature (header or presigned query, with `X-Amz-Expires`) is checked against
 * the caller's secret and session token; the caller is found by its access key id; the call's
 * action and resource are read from the request and evaluated against the caller's role (and the
 * bucket policy) from the template; a denied call is answered with the service's own AccessDenied
 * error; an allowed one goes on to DynamoDB Local, the S3 server (re-signed with its key), the fake
 * Polly and Bedrock (HTTP/2, as their SDK clients speak), or the local SQS and Step Functions,
 * unless a fault armed with `injectFault` answers it (`./injected-faults.ts`).
 *
 * @throws LocalServiceStartError when a port cannot be opened.
 * @example
 * ```ts
 * const endpoints = await startAwsEndpoints({ app, iam, callers, upstream, local: { sqs, sfn } });
 * // run functions with AWS_ENDPOINT_URL_S3=endpoints.urls.s3, ...
 * console.log(endpoints.denials()); // [] when every call is granted
 * await endpoints.stop();
 * ```
 */
export async function startAwsEndpoints(options: AwsEndpointsOptions): Promise<AwsEndpoints> {
  const now = options.now ?? (() => new Date());
  const authority = new Authority(
    options.app,
    options.iam,
    options.callers,
    now,
    options.recordAllowed ?? true,
  );
  const forwarder = new Forwarder(options.upstream, options.local, options.realServices);
  const faults = new InjectedFaults();
  const urls = {} as Record<FrontDoorService, string>;
  const uploads = new PostObjectUploads({
    authority,
    forwarder,
    callers: options.callers,
    partition: options.app.account.partition,
    now,
    s3Url: () => urls.s3,
  });

  const answerOne = async (
    service: FrontDoorService,
    request: ReceivedRequest,
    abandoned: AbortSignal,
    receivedBytes: number,
  ): Promise<Answer> => {
    try {
      if (service === 's3' && isPostObject(request))
        return await uploads.answer(request, receivedBytes, abandoned);
      const authorized = await authority.authorize(service, request);
      if ('status' in authorized) return refusalAnswer(service, authorized);
      const { caller, call } = authorized;
      const injected = faults.answerFor(service, request, call);
      if (injected) return refusalAnswer(service, injected);
      const answer = await forwarder.forward(service, request, caller, call, abandoned);
      return service === 's3'
        ? await authority.hideMissingKeys(request, caller, call, answer)
        : answer;
    } catch (error) {
      if (error instanceof AwsServiceError)
        return refusalAnswer(service, { status: 400, code: error.name, message: error.message });
      if (abandoned.aborted) return { status: 499, headers: {}, body: Buffer.alloc(0) };
      console.error(`aws-endpoints: ${service} failed`, error);
      return refusalAnswer(service, {
        status: 500,
        code: 'InternalFailure',
        message: `The local ${service} front door failed: ${(error as Error).message}`,
      });
    }
  };

  const doors: ListeningFrontDoor[] = [];
  const stop = async () => {
    forwarder.close();
    await Promise.all(doors.map((door) => door.close()));
  };
  try {
    for (const service of Object.keys(SIGNING_NAMES) as FrontDoorService[]) {
      const door = await listenFrontDoor(service, (request, abandoned, receivedBytes) =>
        answerOne(service, request, abandoned, receivedBytes),
      );
      doors.push(door);
      urls[service] = door.url;
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    urls,
    calls: authority.calls,
    denials: () => authority.calls.filter((call) => call.decision !== 'Allowed'),
    signatureRefusals: authority.signatureRefusals,
    injectFault: (fault) => faults.arm(fault),
    stop,
  };
}
