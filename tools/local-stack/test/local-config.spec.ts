import { readLocalConfig } from '../local-config';

describe("npm start's settings", () => {
  it.each([
    [{}, { port: 3000, host: '127.0.0.1', scriptWriter: 'offline', speech: 'local' }],
    [{ LUMCAST_ENGINE: '1' }, { port: 3000 }],
    [
      { LUMCAST_SOURCE_ALLOWED_ORIGINS: 'http://127.0.0.1:8080,https://wiki.home.arpa' },
      { sourceAllowedOrigins: 'http://127.0.0.1:8080,https://wiki.home.arpa' },
    ],
  ])('reads %j', (environment, expected) => {
    expect(readLocalConfig(environment, '/repo')).toMatchObject(expected);
  });

  it.each([
    [{ LUMCAST_ENGINE: '0' }, /LUMCAST_ENGINE: the in-process stack was removed/],
    [
      { LUMCAST_SOURCE_ALLOWED_ORIGINS: 'http://127.0.0.1:8080/notes' },
      /^Invalid local stack configuration: LUMCAST_SOURCE_ALLOWED_ORIGINS: 'http:\/\/127\.0\.0\.1:8080\/notes' is more than an origin/,
    ],
    [
      { LUMCAST_SOURCE_ALLOWED_ORIGINS: 'http://169.254.169.254' },
      /LUMCAST_SOURCE_ALLOWED_ORIGINS/,
    ],
    [
      { LUMCAST_BEDROCK_MODEL_ID: 'bad id!' },
      /LUMCAST_BEDROCK_MODEL_ID: a Bedrock model or inference profile id/,
    ],
    [{ PORT: 'eighty' }, /PORT/],
  ])('refuses %j, naming the variable', (environment, message) => {
    expect(() => readLocalConfig(environment, '/repo')).toThrow(message);
  });
});
