import { awsServices, pipelineHandlers, readEnvironment } from '@lumcast/pipeline';
import { awsClients } from '../aws-clients';

const env = readEnvironment(process.env);

/** State machine step WriteScript. */
export const handler = pipelineHandlers(awsServices(env, awsClients), env).writeScript();
