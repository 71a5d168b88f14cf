import { cognitoIdentity, awsServices, pipelineHandlers, readEnvironment } from '@lumcast/pipeline';
import { awsClients } from '../aws-clients';

const env = readEnvironment(process.env);

/** HTTP API behind API Gateway; identity is the Cognito JWT `sub` only. */
export const handler = pipelineHandlers(awsServices(env, awsClients), env).api(cognitoIdentity);
