/**
 * The front door's view of a call: the service it arrived at, and the operation with every IAM
 * authorization it needs. Shared by the per-service readers and the authorize and forward steps.
 *
 * @packageDocumentation
 */

/**
 * The services the front doors stand in front of, by the name of their endpoint variable
 * (`AWS_ENDPOINT_URL_<NAME>` with `-` as `_`).
 */
export type FrontDoorService = 'dynamodb' | 's3' | 'polly' | 'bedrock-runtime' | 'sqs' | 'sfn';

/**
 * One IAM authorization a call needs: the action, the resource ARN, and the context keys the
 * service sets for it.
 */
export interface Authorization {
  readonly action: string;
  readonly resource: string;
  readonly context?: Readonly<Record<string, string>>;
}

/**
 * A call as the front door understood it: the operation's name and every authorization AWS
 * evaluates for it (several for a batch or a transaction across tables, or for a cross-region
 * inference profile).
 */
export interface ServiceCall {
  readonly operation: string;
  readonly authorizations: readonly Authorization[];
}
