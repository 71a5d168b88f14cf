import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EpisodesPanel } from '../src/components/episodes-panel';
import { HistoryChart } from '../src/components/history-chart';
import { aJob } from './support/jobs';

const noop = () => undefined;

describe('EpisodesPanel', () => {
  it('shows the stage with k/n chunks and a progress bar while a job runs', () => {
    render(
      <EpisodesPanel
        jobs={{
          loading: false,
          data: [
            aJob({ status: 'synthesizing', progress: { done: 2, total: 5 }, estimatedCost: 4 }),
          ],
        }}
        onRetry={noop}
      />,
    );
    expect(screen.getByText('Speaking the script — 2/5 chunks')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '45'); // 15 % + 75 % × 2/5;
    expect(screen.getByTestId('episode-cost')).toHaveTextContent(
      'Estimated 4 slots; charged when ready.',
    );
    expect(screen.getByText('1 in progress · updating live')).toBeInTheDocument();
  });

  it('names a format other than the default deep dive on the card, and says nothing for a deep dive', () => {
    render(
      <EpisodesPanel
        jobs={{
          loading: false,
          data: [
            aJob({ jobId: 'j-debate', topic: 'Cars', format: 'debate', seriesId: 'cities' }),
            aJob({ jobId: 'j-deep', topic: 'Tides', format: 'deep-dive' }),
          ],
        }}
        onRetry={noop}
      />,
    );
    const [debate, deep] = screen.getAllByTestId('episode');
    expect(debate).toHaveTextContent(/· Debate · series cities ·/);
    expect(deep).not.toHaveTextContent(/Deep dive/);
  });

  it('names a language other than en-US on the card, and says nothing for en-US', () => {
    render(
      <EpisodesPanel
        jobs={{
          loading: false,
          data: [
            aJob({ jobId: 'j-es', topic: 'Mareas', format: 'debate', language: 'es-MX' }),
            aJob({ jobId: 'j-en', topic: 'Tides', language: 'en-US' }),
          ],
        }}
        onRetry={noop}
      />,
    );
    const [spanish, english] = screen.getAllByTestId('episode');
    expect(spanish).toHaveTextContent(/· Debate · es-MX ·/);
    expect(english).not.toHaveTextContent(/en-US/);
  });

  it('shows the charge, an audio player with captions, and chapters that seek', async () => {
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(
      <EpisodesPanel
        jobs={{
          loading: false,
          data: [
            aJob({
              status: 'ready',
              cost: 1,
              chargedWeek: '2026-W49',
              durationSeconds: 61,
              audioUrl: '/api/podcasts/job-1/audio?signature=s',
              captionsUrl: '/api/podcasts/job-1/captions?signature=s',
              chapters: [
                { title: 'Welcome', startSeconds: 0, endSeconds: 20 },
                { title: 'The Moon', startSeconds: 20, endSeconds: 61 },
              ],
            }),
          ],
        }}
        onRetry={noop}
      />,
    );
    expect(screen.getByTestId('episode-cost')).toHaveTextContent(
      'Charged 1 slot (quoted 1) for 1:01 of audio, in 2026-W49.',
    );
    const audio = screen.getByTestId('episode-audio') as HTMLAudioElement;
    expect(audio).toHaveAttribute('src', '/api/podcasts/job-1/audio?signature=s');
    const track = audio.querySelector('track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', '/api/podcasts/job-1/captions?signature=s');

    const chapters = within(
      screen.getByRole('navigation', { name: 'Chapters of “How tides work”' }),
    );
    await user.click(chapters.getByRole('button', { name: /The Moon/ }));
    expect(audio.currentTime).toBe(20);
    expect(play).toHaveBeenCalled();
    expect(chapters.getByRole('button', { name: /The Moon/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    play.mockRestore();
  });

  it('shows a ready episode charged its quote as charged and quoted slots with the audio length', () => {
    render(
      <EpisodesPanel
        jobs={{
          loading: false,
          data: [
            aJob({
              status: 'ready',
              quality: 'neural',
              minutes: 2,
              estimatedCost: 4,
              measuredCost: 4,
              cost: 4,
              durationSeconds: 121,
            }),
          ],
        }}
        onRetry={noop}
      />,
    );
    expect(screen.getByTestId('episode-cost')).toHaveTextContent(
      /^Charged 4 slots \(quoted 4\) for 2:01 of audio\.$/,
    );
  });

  it('shows the lower charge when the audio came out shorter than the quote', () => {
    render(
      <EpisodesPanel
        jobs={{
          loading: false,
          data: [
            aJob({
              status: 'ready',
              quality: 'neural',
              minutes: 2,
              estimatedCost: 4,
              measuredCost: 2,
              cost: 2,
              durationSeconds: 58.4,
            }),
          ],
        }}
        onRetry={noop}
      />,
    );
    expect(screen.getByTestId('episode-cost')).toHaveTextContent(
      /^Charged 2 slots \(quoted 4\) for 0:58 of audio\.$/,
    );
    expect(screen.getByTestId('episode-charged')).toHaveTextContent('2');
  });

  it('charges the quote when the audio ran long, and says what it measured', () => {
    render(
      <EpisodesPanel
        jobs={{
          loading: false,
          data: [
            aJob({
              status: 'ready',
              quality: 'neural',
              minutes: 2,
              estimatedCost: 4,
              measuredCost: 6,
              cost: 4,
              durationSeconds: 150,
            }),
          ],
        }}
        onRetry={noop}
      />,
    );
    expect(screen.getByTestId('episode-cost')).toHaveTextContent(
      'Charged 4 slots (quoted 4) for 2:30 of audio. It ran long (6 slots measured); you pay the quote.',
    );
  });

  it('shows charged and quoted without a measured cost when the server does not send one', () => {
    render(
      <EpisodesPanel
        jobs={{
          loading: false,
          data: [aJob({ status: 'ready', estimatedCost: 3, cost: 3, durationSeconds: 170 })],
        }}
        onRetry={noop}
      />,
    );
    expect(screen.getByTestId('episode-cost')).toHaveTextContent(
      /^Charged 3 slots \(quoted 3\) for 2:50 of audio\.$/,
    );
  });

  it('says a refused job cost nothing, and offers a retry when loading fails', async () => {
    const onRetry = jest.fn();
    const { rerender } = render(
      <EpisodesPanel
        jobs={{ loading: false, data: [aJob({ status: 'quota_exceeded' })] }}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByTestId('episode-cost')).toHaveTextContent('Nothing charged.');
    rerender(
      <EpisodesPanel jobs={{ loading: false, error: new Error('HTTP 500') }} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Your episodes could not load. HTTP 500');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows a skeleton while the first load runs', () => {
    render(<EpisodesPanel jobs={{ loading: true }} onRetry={noop} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your episodes…');
    expect(screen.getByRole('region', { name: 'Episodes' })).toHaveAttribute('aria-busy', 'true');
  });
});

describe('HistoryChart', () => {
  it('is an image whose text alternative lists every week, with one bar per week', () => {
    const weeks = Array.from({ length: 8 }, (_, index) => ({
      week: `2026-W${42 + index}`,
      weekStart: new Date(Date.UTC(2026, 9, 12 + 7 * index)),
      slots: index === 7 ? 6 : 0,
    }));
    const { container } = render(<HistoryChart weeks={weeks} limit={200} />);
    const chart = screen.getByRole('img', { name: /Slots used per week/ });
    expect(chart).toHaveAccessibleName(
      expect.stringContaining('6 slots over 8 weeks from 2026-W42 to 2026-W49'),
    );
    expect(chart).toHaveAccessibleName(expect.stringContaining('2026-W49: 6'));
    const bars = container.querySelectorAll('rect.history__bar');
    expect(bars).toHaveLength(8);
    expect(bars[7]).toHaveAttribute('data-slots', '6');
    expect(Number(bars[7]?.getAttribute('height'))).toBeGreaterThan(0);
    expect(Number(bars[0]?.getAttribute('height'))).toBe(0);
  });
});
