import { ConfigError } from '../src/api/errors';
import { parseRuntimeConfig } from '../src/config/runtime-config';

describe('parseRuntimeConfig', () => {
  it('accepts the local identity', () => {
    expect(parseRuntimeConfig({ identity: 'local' })).toEqual({ identity: 'local' });
  });

  it('accepts a complete Cognito configuration', () => {
    const config = {
      identity: 'cognito',
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_abc',
      userPoolClientId: 'client',
      cognitoDomain: 'lumcast',
    };
    expect(parseRuntimeConfig(config)).toEqual(config);
  });

  it('names the missing Cognito setting', () => {
    expect(() => parseRuntimeConfig({ identity: 'cognito', region: 'eu-west-1' })).toThrow(
      new ConfigError('config.json: "userPoolId" must be a non-empty string for cognito identity'),
    );
  });

  it('refuses an unknown identity mode and anything that is not an object', () => {
    expect(() => parseRuntimeConfig({ identity: 'dev' })).toThrow(ConfigError);
    expect(() => parseRuntimeConfig([])).toThrow('config.json: expected a JSON object');
    expect(() => parseRuntimeConfig(null)).toThrow(ConfigError);
  });
});
