import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreatePodcastRequest, EpisodeRender, Job } from '../src/api/types';
import type { EpisodeScriptActions } from '../src/components/episode-script';
import { EpisodesPanel } from '../src/components/episodes-panel';
import { NewEpisodeForm } from '../src/components/new-episode-form';
import { renderSettled } from '../src/domain/render-watch';
import { aJob } from './support/jobs';
import { fakeScriptApi } from './support/script-api';

const FIRST: EpisodeRender = { version: 1, charged: 2, chunksSynthesized: 5, chunksReused: 0 };
const SECOND: EpisodeRender = { version: 2, charged: 2, chunksSynthesized: 1, chunksReused: 4 };

function panelWith(job: Job, rendering: ReadonlyMap<string, number> = new Map()) {
  const script = fakeScriptApi();
  const actions: EpisodeScriptActions = {
    api: script.api,
    rendering,
    onRendered: jest.fn(),
    onRefused: jest.fn(),
    onJobChanged: jest.fn(),
  };
  render(
    <EpisodesPanel jobs={{ loading: false, data: [job] }} onRetry={jest.fn()} scripts={actions} />,
  );
  return { script, actions };
}

describe('reviewing a script before it is spoken', () => {
  it('sends review: true when “Review script first” is checked, and says the draft waits for review', async () => {
    const submitted: CreatePodcastRequest[] = [];
    const user = userEvent.setup();
    render(
      <NewEpisodeForm
        quota={{ remaining: 50, limit: 200 }}
        onSubmit={async (request) => {
          submitted.push(request);
          return { jobId: 'job-1', status: 'queued', estimatedCost: 1 };
        }}
      />,
    );
    await user.type(screen.getByLabelText('Topic'), 'Volcanoes');
    const review = screen.getByRole('checkbox', { name: 'Review script first' });
    expect(review).toHaveAccessibleDescription(
      'Lumcast writes the script and waits: edit it, see its exact quote, then render it.',
    );
    await user.click(review);
    await user.click(screen.getByRole('button', { name: 'Write the script' }));

    expect(
      await screen.findByText(
        'Draft queued: its script will be ready for review under Episodes. Nothing is held or charged until you render it.',
      ),
    ).toBeVisible();
    expect(submitted).toEqual([
      { topic: 'Volcanoes', minutes: 1, quality: 'standard', review: true },
    ]);
  });

  it('shows a draft as waiting for review, uncharged and without a progress bar, and opens its editor', async () => {
    const draft = aJob({ status: 'script_ready' });
    const { actions } = panelWith(draft);
    expect(screen.getByText('Script ready for review — nothing spoken or charged')).toBeVisible();
    expect(screen.getByTestId('episode-cost')).toHaveTextContent(
      'Nothing charged yet: review the script, then render it for its quote.',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText(/in progress · updating live/)).not.toBeInTheDocument();

    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Review script' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(await screen.findByRole('button', { name: 'Render for 1 slot' }));
    await waitFor(() => expect(actions.onRendered).toHaveBeenCalledTimes(1));
    expect(actions.onRendered).toHaveBeenCalledWith(draft, expect.objectContaining({ version: 1 }));
    expect(screen.queryByTestId('script-editor')).not.toBeInTheDocument();
  });

  it('lists a ready episode’s renders oldest first and offers “Edit script”', () => {
    panelWith(aJob({ status: 'ready', cost: 4, renders: [FIRST, SECOND] }));
    expect(screen.getAllByTestId('episode-render').map((item) => item.textContent)).toEqual([
      'Version 1: charged 2 slots · 5 chunks synthesized, 0 reused',
      'Version 2: charged 2 slots · 1 chunk synthesized, 4 reused',
    ]);
    expect(screen.getByRole('button', { name: 'Edit script' })).toBeVisible();
  });

  it('says which render is still running and why one failed', () => {
    panelWith(
      aJob({
        status: 'ready',
        cost: 2,
        renders: [
          { ...FIRST, status: 'rendered' },
          { ...SECOND, charged: 0, status: 'failed', error: 'The speech engine failed.' },
          { version: 3, charged: 0, chunksSynthesized: 1, chunksReused: 4, status: 'rendering' },
        ],
      }),
    );
    expect(screen.getAllByTestId('episode-render').map((item) => item.textContent)).toEqual([
      'Version 1: charged 2 slots · 5 chunks synthesized, 0 reused',
      'Version 2: failed, nothing charged (The speech engine failed.)',
      'Version 3: rendering · 1 chunk to speak, 4 reused',
    ]);
  });

  it('says a re-render is under way and that the old audio plays until it is ready', () => {
    const job = aJob({ status: 'ready', cost: 2, renders: [FIRST] });
    panelWith(job, new Map([[job.jobId, 2]]));
    expect(screen.getByTestId('episode-rendering')).toHaveTextContent(
      'Re-rendering version 2: the episode keeps its current audio until the new one is ready.',
    );
    expect(screen.queryByRole('button', { name: 'Edit script' })).not.toBeInTheDocument();
  });

  it.each<[string, Pick<Job, 'status' | 'renders'>, boolean]>([
    ['a draft not started yet', { status: 'script_ready' }, false],
    ['a draft being spoken', { status: 'synthesizing' }, false],
    ['a failed render', { status: 'failed' }, true],
    ['a ready episode without that version yet', { status: 'ready', renders: [FIRST] }, false],
    [
      'a ready episode whose render is not charged yet',
      { status: 'ready', renders: [FIRST, { ...SECOND, charged: 0 }] },
      false,
    ],
    [
      'a ready episode whose render is charged',
      { status: 'ready', renders: [FIRST, SECOND] },
      true,
    ],
    [
      'a ready episode whose render had nothing new to speak',
      { status: 'ready', renders: [FIRST, { ...SECOND, charged: 0, chunksSynthesized: 0 }] },
      true,
    ],
    [
      'a ready episode whose render says it is still rendering, though it speaks nothing new',
      {
        status: 'ready',
        renders: [FIRST, { ...SECOND, charged: 0, chunksSynthesized: 0, status: 'rendering' }],
      },
      false,
    ],
    [
      'a ready episode whose render failed',
      { status: 'ready', renders: [FIRST, { ...SECOND, charged: 0, status: 'failed' }] },
      true,
    ],
  ])('tells whether the render of version 2 of %s is over', (_case, job, settled) => {
    expect(renderSettled(job, 2)).toBe(settled);
  });
});
