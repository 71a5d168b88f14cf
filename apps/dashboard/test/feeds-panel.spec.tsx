import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '../src/api/api-client';
import type { QuotaSummary } from '../src/api/types';
import { Dashboard } from '../src/components/dashboard';
import { FeedsPanel } from '../src/components/feeds-panel';
import { aFeed, fakeFeedsApi } from './support/feeds-api';
import { aJob } from './support/jobs';
import { pagedJobsApi } from './support/paged-jobs-api';

const RIVERS = aFeed({
  feedId: 'feed-rivers',
  seriesId: 'rivers',
  createdAt: '2026-12-02T10:00:00.000Z',
});
const EVERYTHING = aFeed({ feedId: 'feed-all', createdAt: '2026-12-01T08:00:00.000Z' });

/** A narrow stand-in for the browser's fetch (jsdom has none): answers by method and path. */
function stubFetch(answer: (method: string, url: string) => [number, unknown]) {
  return jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const [status, body] = answer(init?.method ?? 'GET', String(input));
    return {
      ok: status >= 200 && status < 300,
      status,
      text: async () => (body === undefined ? '' : JSON.stringify(body)),
    } as unknown as Response;
  });
}

function feedItem(name: string) {
  return screen.getByRole('listitem', { name });
}

describe('FeedsPanel', () => {
  it('lists the feed links newest first, each with what it is of and its link', async () => {
    const { api } = fakeFeedsApi({ feeds: [RIVERS, EVERYTHING] });
    render(<FeedsPanel api={api} seriesIds={['rivers']} />);

    const list = await screen.findByRole('list', { name: 'Your feed links' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['rivers', 'All episodes']);
    expect(screen.getByRole('textbox', { name: 'Feed link for rivers' })).toHaveValue(
      RIVERS.feedUrl,
    );
    expect(screen.getByRole('textbox', { name: 'Feed link for all episodes' })).toHaveValue(
      EVERYTHING.feedUrl,
    );
    expect(screen.getByRole('textbox', { name: 'Feed link for rivers' })).toHaveAttribute(
      'readonly',
    );
    expect(screen.getByRole('region', { name: 'Podcast feeds' })).toHaveTextContent(
      'Podcast apps subscribe to these secret links. Anyone with a link can listen to its episodes; revoke a link to stop it working.',
    );
  });

  it('says there are no feed links yet when the list is empty', async () => {
    const { api } = fakeFeedsApi();
    render(<FeedsPanel api={api} seriesIds={[]} />);
    expect(await screen.findByText('No feed links yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your feed links' })).not.toBeInTheDocument();
  });

  it('creates a feed link for the series chosen from the loaded episodes and lists it', async () => {
    const feeds = fakeFeedsApi({ feeds: [EVERYTHING] });
    const user = userEvent.setup();
    render(<FeedsPanel api={feeds.api} seriesIds={['moons', 'rivers']} />);
    await screen.findByRole('textbox', { name: 'Feed link for all episodes' });

    const select = screen.getByRole('combobox', { name: 'Episodes in the feed' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All my episodes', 'moons', 'rivers']);
    await user.selectOptions(select, 'rivers');
    await user.click(screen.getByRole('button', { name: 'Create feed link' }));

    expect(await screen.findByRole('textbox', { name: 'Feed link for rivers' })).toHaveValue(
      'https://lumcast.example/feeds/made-1.xml',
    );
    expect(feeds.calls.create).toEqual([{ seriesId: 'rivers' }]);
    expect(screen.getByText('Made a feed link for rivers.')).toHaveAttribute('role', 'status');
    expect(
      within(screen.getByRole('list', { name: 'Your feed links' }))
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['rivers', 'All episodes']);
  });

  it('creates a feed link of all episodes when "All my episodes" is chosen', async () => {
    const feeds = fakeFeedsApi();
    const user = userEvent.setup();
    render(<FeedsPanel api={feeds.api} seriesIds={[]} />);
    await screen.findByText('No feed links yet.');

    expect(screen.getByRole('combobox', { name: 'Episodes in the feed' })).toHaveValue('');
    expect(screen.getByRole('option', { name: 'All my episodes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create feed link' }));

    expect(await screen.findByRole('heading', { name: 'All episodes' })).toBeInTheDocument();
    expect(feeds.calls.create).toEqual([{}]);
    expect(screen.getByText('Made a feed link for all episodes.')).toBeInTheDocument();
  });

  it('copies the link to the clipboard and says "Copied"', async () => {
    const { api } = fakeFeedsApi({ feeds: [RIVERS] });
    const user = userEvent.setup();
    render(<FeedsPanel api={api} seriesIds={[]} />);

    await user.click(await screen.findByRole('button', { name: 'Copy feed link for rivers' }));

    await expect(navigator.clipboard.readText()).resolves.toBe(RIVERS.feedUrl);
    expect(within(feedItem('rivers')).getByRole('status')).toHaveTextContent('Copied');
  });

  it('selects the link and asks to copy it by hand when the browser has no clipboard', async () => {
    const { api } = fakeFeedsApi({ feeds: [RIVERS] });
    const user = userEvent.setup();
    Object.defineProperty(window.navigator, 'clipboard', { value: undefined, configurable: true });
    render(<FeedsPanel api={api} seriesIds={[]} />);

    await user.click(await screen.findByRole('button', { name: 'Copy feed link for rivers' }));

    expect(within(feedItem('rivers')).getByRole('status')).toHaveTextContent(
      'Copying is not available here: the link is selected, copy it yourself.',
    );
    const link = screen.getByRole('textbox', { name: 'Feed link for rivers' });
    expect(link).toHaveFocus();
    expect((link as HTMLInputElement).selectionStart).toBe(0);
    expect((link as HTMLInputElement).selectionEnd).toBe(RIVERS.feedUrl.length);
  });

  it('revokes a feed link only after "Confirm revoke", then drops it from the list', async () => {
    const feeds = fakeFeedsApi({ feeds: [RIVERS, EVERYTHING] });
    const user = userEvent.setup();
    render(<FeedsPanel api={feeds.api} seriesIds={[]} />);

    await user.click(await screen.findByRole('button', { name: 'Revoke feed link for rivers' }));
    expect(feeds.calls.revoke).toEqual([]);
    const confirm = screen.getByRole('button', { name: 'Confirm revoke of feed link for rivers' });
    expect(confirm).toHaveFocus();
    expect(confirm).toHaveAccessibleDescription(
      'Podcast apps using this link will stop getting episodes.',
    );
    await user.click(confirm);

    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'rivers' })).not.toBeInTheDocument(),
    );
    expect(feeds.calls.revoke).toEqual(['feed-rivers']);
    expect(screen.getByRole('listitem', { name: 'All episodes' })).toBeInTheDocument();
    expect(screen.getByText('Revoked the feed link for rivers.')).toHaveAttribute('role', 'status');
  });

  it('keeps the feed link and gives the focus back to "Revoke" when the revoke is cancelled', async () => {
    const feeds = fakeFeedsApi({ feeds: [RIVERS] });
    const user = userEvent.setup();
    render(<FeedsPanel api={feeds.api} seriesIds={[]} />);

    await user.click(await screen.findByRole('button', { name: 'Revoke feed link for rivers' }));
    await user.click(screen.getByRole('button', { name: 'Cancel revoking feed link for rivers' }));

    expect(screen.getByRole('button', { name: 'Revoke feed link for rivers' })).toHaveFocus();
    expect(
      screen.queryByRole('button', { name: 'Confirm revoke of feed link for rivers' }),
    ).not.toBeInTheDocument();
    expect(feeds.calls.revoke).toEqual([]);
  });

  it("shows the message of the API's 422 body word for word when every feed link is used", async () => {
    const message = 'You have 20 feed links, the most there can be. Revoke one to make another.';
    const fetch = stubFetch((method) =>
      method === 'POST'
        ? [422, { error: { code: 'too_many_feeds', message } }]
        : [200, { feeds: [RIVERS] }],
    );
    const api = createApiClient({
      identityHeaders: async () => ({ 'x-lumcast-user': 'alice' }),
      fetch,
    });
    const user = userEvent.setup();
    render(<FeedsPanel api={api} seriesIds={[]} />);
    await screen.findByRole('textbox', { name: 'Feed link for rivers' });

    await user.click(screen.getByRole('button', { name: 'Create feed link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('listitem', { name: 'rivers' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create feed link' })).toBeEnabled();
    expect(fetch).toHaveBeenCalledWith(
      '/api/feeds',
      expect.objectContaining({ method: 'POST', body: '{}' }),
    );
  });

  it('keeps a just-created feed link when the reload after it does not list it yet', async () => {
    const feeds = fakeFeedsApi({ feeds: [EVERYTHING], lagging: true });
    const user = userEvent.setup();
    render(<FeedsPanel api={feeds.api} seriesIds={['rivers']} />);
    await screen.findByRole('listitem', { name: 'All episodes' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Episodes in the feed' }), [
      'rivers',
    ]);
    await user.click(screen.getByRole('button', { name: 'Create feed link' }));

    // The list is read again after the create, and that answer lacks the new link.
    await waitFor(() => expect(feeds.calls.list).toBe(2));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Podcast feeds' })).not.toHaveAttribute(
        'aria-busy',
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Feed link for rivers' })).toHaveValue(
      'https://lumcast.example/feeds/made-1.xml',
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('says why a revoke failed and offers "Revoke" again', async () => {
    const feeds = fakeFeedsApi({ feeds: [RIVERS] });
    const user = userEvent.setup();
    render(
      <FeedsPanel
        api={{ ...feeds.api, revokeFeed: () => feeds.api.revokeFeed('gone') }}
        seriesIds={[]}
      />,
    );

    await user.click(await screen.findByRole('button', { name: 'Revoke feed link for rivers' }));
    await user.click(
      screen.getByRole('button', { name: 'Confirm revoke of feed link for rivers' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('No such feed.');
    expect(
      await screen.findByRole('button', { name: 'Revoke feed link for rivers' }),
    ).toHaveFocus();
  });

  it('says why the feed links could not load and tries again', async () => {
    const feeds = fakeFeedsApi({ feeds: [RIVERS] });
    let failures = 1;
    const flaky = {
      ...feeds.api,
      listFeeds: async () => {
        if (failures-- > 0) throw new Error('connection reset');
        return feeds.api.listFeeds();
      },
    };
    const user = userEvent.setup();
    render(<FeedsPanel api={flaky} seriesIds={[]} />);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your feed links could not load. connection reset',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'rivers' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a loading skeleton until the first list arrives', async () => {
    const feeds = fakeFeedsApi({ feeds: [RIVERS] });
    let answer: () => void = () => undefined;
    const slow = {
      ...feeds.api,
      listFeeds: () =>
        new Promise<Awaited<ReturnType<typeof feeds.api.listFeeds>>>((resolve) => {
          answer = () => void feeds.api.listFeeds().then(resolve);
        }),
    };
    render(<FeedsPanel api={slow} seriesIds={[]} />);
    expect(screen.getByRole('region', { name: 'Podcast feeds' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByText('Loading your feed links…')).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('listitem', { name: 'rivers' })).toBeInTheDocument();
  });
});

describe('Dashboard with feed links', () => {
  const QUOTA: QuotaSummary = {
    week: '2026-W49',
    used: 0,
    reserved: 0,
    granted: 0,
    limit: 200,
    remaining: 200,
    inFlight: 0,
    maxInFlight: 3,
    resetsAt: '2026-12-07T00:00:00.000Z',
    plan: 'free',
    slotsPerMinute: { standard: 1, neural: 2, generative: 4 },
  };

  it('offers the series of the loaded episodes and makes the feed link through the API client', async () => {
    const jobs = pagedJobsApi({
      jobs: [
        aJob({ jobId: 'job-3', status: 'ready', seriesId: 'rivers' }),
        aJob({ jobId: 'job-2', status: 'ready' }),
        aJob({ jobId: 'job-1', status: 'ready', seriesId: 'moons' }),
      ],
      defaultLimit: 100,
      quota: QUOTA,
    });
    const feeds = fakeFeedsApi();
    const user = userEvent.setup();
    render(<Dashboard api={{ ...jobs.api, ...feeds.api }} />);

    const panel = screen.getByRole('region', { name: 'Podcast feeds' });
    const select = within(panel).getByRole('combobox', { name: 'Episodes in the feed' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All my episodes', 'moons', 'rivers']),
    );
    await user.selectOptions(select, 'moons');
    await user.click(within(panel).getByRole('button', { name: 'Create feed link' }));
    expect(
      await within(panel).findByRole('textbox', { name: 'Feed link for moons' }),
    ).toBeInTheDocument();
    expect(feeds.calls.create).toEqual([{ seriesId: 'moons' }]);
  });
});
