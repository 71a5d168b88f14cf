import { awsServices, pipelineHandlers, readEnvironment } from '@lumcast/pipeline';
import { awsClients } from '../aws-clients';

const env = readEnvironment(process.env);

/** State machine steps ReportSuccess and ReportFailure — the only quota deduction. */
export const handler = pipelineHandlers(awsServices(env, awsClients), env).callback();
