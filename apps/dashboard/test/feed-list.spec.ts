import { visibleFeeds } from '../src/domain/feed-list';
import { seriesIdsOf } from '../src/domain/series-ids';
import { aFeed } from './support/feeds-api';

describe('visibleFeeds', () => {
  const older = aFeed({ feedId: 'feed-1', createdAt: '2026-12-01T09:00:00.000Z' });
  const newer = aFeed({ feedId: 'feed-2', createdAt: '2026-12-02T09:00:00.000Z' });
  const made = aFeed({ feedId: 'made-1', createdAt: '2026-12-03T09:00:00.000Z' });

  it('adds the links made here that the server does not list yet, newest first', () => {
    expect(visibleFeeds([newer, older], [made], new Set()).map((feed) => feed.feedId)).toEqual([
      'made-1',
      'feed-2',
      'feed-1',
    ]);
  });

  it('lists a link once, as the server sends it, when it is both listed and made here', () => {
    const listed = { ...made, feedUrl: 'https://lumcast.example/feeds/made-1-canonical.xml' };
    expect(visibleFeeds([listed, newer], [made], new Set())).toEqual([listed, newer]);
  });

  it('leaves out the links revoked here that the server still lists', () => {
    expect(visibleFeeds([newer, older], [], new Set(['feed-2']))).toEqual([older]);
  });
});

describe('seriesIdsOf', () => {
  it('gives each series of the jobs once, sorted, and skips jobs without one', () => {
    expect(
      seriesIdsOf([{ seriesId: 'rivers' }, {}, { seriesId: 'moons' }, { seriesId: 'rivers' }]),
    ).toEqual(['moons', 'rivers']);
  });
});
