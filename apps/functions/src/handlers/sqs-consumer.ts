import { awsServices, pipelineHandlers, readEnvironment } from '@lumcast/pipeline';
import { awsClients } from '../aws-clients';

const env = readEnvironment(process.env);

/** SQS job messages → preflight → one state machine execution per job. */
export const handler = pipelineHandlers(awsServices(env, awsClients), env).sqsConsumer();
