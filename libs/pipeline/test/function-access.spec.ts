import {
  actionsOfFunction,
  FUNCTION_ACCESS,
  OBJECT_PREFIXES,
  PIPELINE_FUNCTIONS,
} from '../src/access/function-access';
import { FEEDS_TABLE_KEY } from '../src/feeds/feeds-table';
import { objectKeys } from '../src/ports/object-store';
import { SERIES_EPISODES_INDEX } from '../src/series/series-episodes-index';

describe('OBJECT_PREFIXES', () => {
  it('are the first path segment of the object keys', () => {
    expect(OBJECT_PREFIXES).toEqual({
      chunks: 'chunks/',
      scripts: 'scripts/',
      episodes: 'episodes/',
      sources: 'sources/',
    });
  });

  it('cover every object key the pipeline writes, so no key falls outside a grant', () => {
    const prefixes = Object.values(OBJECT_PREFIXES);
    for (const [name, key] of Object.entries(objectKeys)) {
      const made = (key as (...args: unknown[]) => string)('alice', 'j-1', 0);
      expect({ name, covered: prefixes.some((prefix) => made.startsWith(prefix)) }).toEqual({
        name,
        covered: true,
      });
    }
  });
});

describe('FUNCTION_ACCESS', () => {
  it('names the indexes the API queries exactly as the tables declare them', () => {
    expect(FUNCTION_ACCESS.api.indexQueries).toEqual({
      jobs: [SERIES_EPISODES_INDEX.name],
      feeds: [FEEDS_TABLE_KEY.userIndex.name],
    });
  });

  it('lets only the API touch the feeds table, and no function query an index but the API', () => {
    for (const name of PIPELINE_FUNCTIONS) {
      const access = FUNCTION_ACCESS[name];
      expect({ name, feeds: access.tables.feeds !== undefined }).toEqual({
        name,
        feeds: name === 'api',
      });
      expect({ name, indexes: access.indexQueries !== undefined }).toEqual({
        name,
        indexes: name === 'api',
      });
    }
  });

  it('declares every pipeline function', () => {
    expect(Object.keys(FUNCTION_ACCESS).sort()).toEqual([...PIPELINE_FUNCTIONS].sort());
  });

  it('lets only the API (which reserves), the callback (which settles and releases) and the dead-letter consumer (which releases) write the users table (the quota)', () => {
    const writers = PIPELINE_FUNCTIONS.filter((name) =>
      (FUNCTION_ACCESS[name].tables.users ?? []).some((action) => action !== 'dynamodb:GetItem'),
    );
    expect(writers).toEqual(['api', 'callback', 'dead-letters']);
  });

  it('gives Polly only to synthesize and Bedrock only to write-script', () => {
    for (const name of PIPELINE_FUNCTIONS) {
      const actions = actionsOfFunction(name);
      expect({ name, polly: actions.includes('polly:SynthesizeSpeech') }).toEqual({
        name,
        polly: name === 'synthesize',
      });
      expect({ name, bedrock: actions.includes('bedrock:InvokeModel') }).toEqual({
        name,
        bedrock: name === 'write-script',
      });
    }
  });

  it('lists the sorted, distinct actions of one function', () => {
    expect(actionsOfFunction('synthesize')).toEqual([
      'dynamodb:UpdateItem',
      'polly:SynthesizeSpeech',
      's3:PutObject',
    ]);
    expect(actionsOfFunction('assemble')).toEqual([
      'dynamodb:UpdateItem',
      's3:GetObject',
      's3:PutObject',
    ]);
  });
});
