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

  it('rejects a chunk size above what Polly bills in one request', () => {
    expect(() => readEnvironment({ ...valid, LUMCAST_MAX_CHUNK_CHARS: '6000' })).toThrow(
      /LUMCAST_MAX_CHUNK_CHARS/,
    );
  });
});
