import type { CognitoConfig } from '../../src/config/runtime-config';

/** The Cognito configuration the session specs sign in against (a test pool; nothing is called). */
export const TEST_COGNITO_CONFIG: CognitoConfig = {
  identity: 'cognito',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_TEST',
  userPoolClientId: 'client-123',
  cognitoDomain: 'lumcast-test',
};
