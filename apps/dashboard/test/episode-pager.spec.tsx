import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isoWeekKey } from '@lumcast/quota';
import type { Job, QuotaSummary } from '../src/api/types';
import { Dashboard } from '../src/components/dashboard';
import { POLL_INTERVAL_MS } from '../src/hooks/use-dashboard-data';
import { aJob } from './support/jobs';
import { pagedJobsApi } from './support/paged-jobs-api';

const WEEK = isoWeekKey(new Date());
const QUOTA: QuotaSummary = {
  week: WEEK,
  used: 0,
  reserved: 0,
  granted: 0,
  limit: 200,
  remaining: 200,
  inFlight: 0,
  maxInFlight: 3,
  resetsAt: '2099-01-05T00:00:00.000Z',
  plan: 'free',
  slotsPerMinute: { standard: 1, neural: 2, generative: 4 },
};

/** Episode n, ready and charged 1 slot this week; ids sort newest first by n. */
function episode(n: number, status: Job['status'] = 'ready'): Job {
  const ready = status === 'ready';
  return aJob({
    jobId: `job-${String(n).padStart(2, '0')}`,
    topic: `Episode ${n}`,
    status,
    createdAt: new Date(Date.UTC(2026, 11, 1, 8, n)).toISOString(),
    cost: ready ? 1 : undefined,
    chargedWeek: ready ? WEEK : undefined,
    progress: ready ? { done: 2, total: 2 } : { done: 1, total: 2 },
  });
}

/** Episodes n..1, newest first. */
const episodes = (n: number, top: Job['status'] = 'ready') =>
  Array.from({ length: n }, (_, index) => episode(n - index, index === 0 ? top : 'ready'));

const shownTopics = () =>
  within(screen.getByRole('region', { name: 'Episodes' }))
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

const olderButton = () => screen.queryByRole('button', { name: 'Show older episodes' });

describe('the episodes list pages', () => {
  it('offers older episodes while the API has a next page, appends each page below, and stops after the last', async () => {
    const user = userEvent.setup();
    const server = pagedJobsApi({ jobs: episodes(7), defaultLimit: 3, quota: QUOTA });
    render(<Dashboard api={server.api} />);

    await waitFor(() => expect(shownTopics()).toEqual(['Episode 7', 'Episode 6', 'Episode 5']));
    await user.click(await screen.findByRole('button', { name: 'Show older episodes' }));
    await waitFor(() => expect(shownTopics()).toHaveLength(6));
    expect(shownTopics()).toEqual([
      'Episode 7',
      'Episode 6',
      'Episode 5',
      'Episode 4',
      'Episode 3',
      'Episode 2',
    ]);

    await user.click(screen.getByRole('button', { name: 'Show older episodes' }));
    await waitFor(() => expect(shownTopics()).toHaveLength(7));
    expect(shownTopics().at(-1)).toBe('Episode 1');
    expect(olderButton()).not.toBeInTheDocument();
    // The first page as the API's default; then each page from the previous one's cursor.
    expect(server.requests).toEqual([
      undefined,
      { cursor: 'after:job-05' },
      { cursor: 'after:job-02' },
    ]);
  });

  it('shows in History the server’s count of every episode, not only the pages loaded', async () => {
    const user = userEvent.setup();
    const server = pagedJobsApi({ jobs: episodes(5), defaultLimit: 2, quota: QUOTA });
    const { container } = render(<Dashboard api={server.api} />);
    const currentBar = () => container.querySelector('.history__bar--current');
    await waitFor(() => expect(currentBar()).toHaveAttribute('data-slots', '5'));
    expect(shownTopics()).toHaveLength(2);

    await user.click(await screen.findByRole('button', { name: 'Show older episodes' }));
    await waitFor(() => expect(shownTopics()).toHaveLength(4));
    expect(currentBar()).toHaveAttribute('data-slots', '5');
  });

  it('shows no pager when the first page is the whole list', async () => {
    const server = pagedJobsApi({ jobs: episodes(3), defaultLimit: 3, quota: QUOTA });
    render(<Dashboard api={server.api} />);
    await waitFor(() => expect(shownTopics()).toHaveLength(3));
    expect(olderButton()).not.toBeInTheDocument();
  });

  it('says when an older page could not load, keeps the list, and loads it on the next press', async () => {
    const user = userEvent.setup();
    const server = pagedJobsApi({ jobs: episodes(4), defaultLimit: 2, quota: QUOTA });
    server.failNextOlderPage(new Error('connection reset'));
    render(<Dashboard api={server.api} />);

    await user.click(await screen.findByRole('button', { name: 'Show older episodes' }));
    expect(await screen.findByText('Older episodes could not load.')).toBeInTheDocument();
    expect(
      screen.getByText('Older episodes could not load.').closest('[role="alert"]'),
    ).toHaveTextContent('connection reset');
    expect(shownTopics()).toEqual(['Episode 4', 'Episode 3']);

    await user.click(screen.getByRole('button', { name: 'Show older episodes' }));
    await waitFor(() => expect(shownTopics()).toHaveLength(4));
    expect(screen.queryByText('Older episodes could not load.')).not.toBeInTheDocument();
    expect(olderButton()).not.toBeInTheDocument();
  });

  it('lists each episode once when a new episode pushed one off the polled first page before older ones were loaded', async () => {
    const user = userEvent.setup();
    const server = pagedJobsApi({
      jobs: episodes(5, 'synthesizing'),
      defaultLimit: 2,
      quota: QUOTA,
    });
    render(<Dashboard api={server.api} />);
    await waitFor(() => expect(shownTopics()).toEqual(['Episode 5', 'Episode 4']));

    // Episode 6 arrives; the next poll's first page is 6, 5 and its cursor follows 5.
    server.add(episode(6, 'synthesizing'));
    await waitFor(() => expect(shownTopics()[0]).toBe('Episode 6'), {
      timeout: POLL_INTERVAL_MS * 4,
    });
    expect(shownTopics()).toEqual(['Episode 6', 'Episode 5', 'Episode 4']);

    // The older page starts at episode 4 again: it is not listed twice.
    await user.click(screen.getByRole('button', { name: 'Show older episodes' }));
    await waitFor(() => expect(shownTopics()).toContain('Episode 3'));
    expect(shownTopics()).toEqual(['Episode 6', 'Episode 5', 'Episode 4', 'Episode 3']);
    await user.click(screen.getByRole('button', { name: 'Show older episodes' }));
    await waitFor(() => expect(shownTopics()).toHaveLength(6));
    expect(shownTopics()).toEqual([
      'Episode 6',
      'Episode 5',
      'Episode 4',
      'Episode 3',
      'Episode 2',
      'Episode 1',
    ]);
  });

  it('keeps an episode that a new one pushed off the polled first page after older ones were appended', async () => {
    const user = userEvent.setup();
    const server = pagedJobsApi({
      jobs: episodes(5, 'synthesizing'),
      defaultLimit: 2,
      quota: QUOTA,
    });
    render(<Dashboard api={server.api} />);
    await user.click(await screen.findByRole('button', { name: 'Show older episodes' }));
    await waitFor(() =>
      expect(shownTopics()).toEqual(['Episode 5', 'Episode 4', 'Episode 3', 'Episode 2']),
    );

    // Episode 4 leaves the first page (now 6, 5) and is on no appended page: it stays.
    server.add(episode(6, 'synthesizing'));
    await waitFor(() => expect(shownTopics()[0]).toBe('Episode 6'), {
      timeout: POLL_INTERVAL_MS * 4,
    });
    expect(shownTopics()).toEqual([
      'Episode 6',
      'Episode 5',
      'Episode 4',
      'Episode 3',
      'Episode 2',
    ]);
    await user.click(screen.getByRole('button', { name: 'Show older episodes' }));
    await waitFor(() => expect(shownTopics()).toHaveLength(6));
    expect(shownTopics().at(-1)).toBe('Episode 1');
    expect(server.requests.filter((request) => request?.cursor !== undefined)).toEqual([
      { cursor: 'after:job-04' },
      { cursor: 'after:job-02' },
    ]);
  });

  it('keeps a ready episode playing from the link it has while polls sign that link again', async () => {
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const listened = {
      ...episode(1),
      audioUrl: '/api/podcasts/job-01/audio',
      captionsUrl: '/api/podcasts/job-01/captions',
    };
    const server = pagedJobsApi({
      jobs: [episode(2, 'synthesizing'), listened],
      defaultLimit: 100,
      quota: QUOTA,
      signLinks: true,
    });
    render(<Dashboard api={server.api} />);
    const audio = (await screen.findByTestId('episode-audio')) as HTMLAudioElement;
    expect(audio).toHaveAttribute('src', '/api/podcasts/job-01/audio?signature=s1');
    audio.currentTime = 42;
    fireEvent.play(audio);

    // Episode 2 is still being made, so the list is polled, each time with new links.
    await waitFor(() => expect(server.requests.length).toBeGreaterThanOrEqual(3), {
      timeout: POLL_INTERVAL_MS * 6,
    });
    expect(audio).toHaveAttribute('src', '/api/podcasts/job-01/audio?signature=s1');
    expect(audio.querySelector('track')).toHaveAttribute(
      'src',
      '/api/podcasts/job-01/captions?signature=s1',
    );
    expect(audio.currentTime).toBe(42);
    play.mockRestore();
  });
});
