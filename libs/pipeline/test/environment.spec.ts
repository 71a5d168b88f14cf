import { readEnvironment } from '../src/config/environment';

const valid = {
  LUMCAST_USERS_TABLE: 'users',
  LUMCAST_JOBS_TABLE: 'jobs',
  LUMCAST_SERIES_TABLE: 'series',
  LUMCAST_AUDIO_BUCKET: 'audio',
  LUMCAST_SCRIPT_WRITER: 'offline',
  LUMCAST_SPEECH: 'local',
};

describe('readEnvironment', () => {
  it('accepts a complete configuration and fills the documented defaults', () => {
    const env = readEnvironment(valid);
    expect(env.LUMCAST_MAX_CHUNK_CHARS).toBe(3000);
    expect(env.LUMCAST_URL_EXPIRY_SECONDS).toBe(900);
  });

  it('names every missing or invalid variable in one error', () => {
    expect(() =>
      readEnvironment({ ...valid, LUMCAST_JOBS_TABLE: undefined, LUMCAST_SPEECH: 'loud' }),
    ).toThrow(/LUMCAST_JOBS_TABLE.*LUMCAST_SPEECH|LUMCAST_SPEECH.*LUMCAST_JOBS_TABLE/);
  });

  it('allows no private origin to source links unless the operator lists some', () => {
    expect(readEnvironment(valid).LUMCAST_SOURCE_ALLOWED_ORIGINS).toEqual([]);
    expect(
      readEnvironment({
        ...valid,
        LUMCAST_SOURCE_ALLOWED_ORIGINS: ' http://127.0.0.1:8080, HTTPS://Wiki.Home.Arpa:443/ ,',
      }).LUMCAST_SOURCE_ALLOWED_ORIGINS,
    ).toEqual(['http://127.0.0.1:8080', 'https://wiki.home.arpa']);
  });

  it.each([
    [
      'a path',
      'http://127.0.0.1:8080/wiki',
      /'http:\/\/127\.0\.0\.1:8080\/wiki' is more than an origin/,
    ],
    ['credentials', 'http://me:pw@127.0.0.1:8080', /is more than an origin/],
    ['another scheme', 'ftp://files.home.arpa', /is not http or https/],
    ['a bare host and port', 'localhost:8080', /is not http or https|is not a URL/],
    [
      'the metadata address',
      'http://169.254.169.254',
      /neither a loopback, a private nor a public address/,
    ],
  ])('refuses allowed source origins with %s, naming the variable', (_what, value, message) => {
    const read = () => readEnvironment({ ...valid, LUMCAST_SOURCE_ALLOWED_ORIGINS: value });
    expect(read).toThrow(/LUMCAST_SOURCE_ALLOWED_ORIGINS: /);
    expect(read).toThrow(message);
  });

  it('rejects a chunk size above what Polly bills in one request', () => {
    expect(() => readEnvironment({ ...valid, LUMCAST_MAX_CHUNK_CHARS: '6000' })).toThrow(
      /LUMCAST_MAX_CHUNK_CHARS/,
    );
  });
});
