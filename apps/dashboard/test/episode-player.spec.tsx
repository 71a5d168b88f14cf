import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Job } from '../src/api/types';
import { EpisodesPanel } from '../src/components/episodes-panel';
import { aJob } from './support/jobs';

const OLD_AUDIO = '/api/podcasts/job-1/audio?signature=old';
const OLD_CAPTIONS = '/api/podcasts/job-1/captions?signature=old';
const NEW_AUDIO = '/api/podcasts/job-1/audio?signature=new';
const NEW_CAPTIONS = '/api/podcasts/job-1/captions?signature=new';

const readyJob = (audioUrl: string, captionsUrl: string): Job =>
  aJob({ status: 'ready', cost: 1, durationSeconds: 5400, audioUrl, captionsUrl });

/** The panel with one ready episode; `poll` re-renders it as a poll would, with new links. */
function renderPolled(options: {
  refreshJob?: (jobId: string) => Promise<Job>;
  onRetry?: () => void;
}) {
  const panel = (audioUrl: string, captionsUrl: string) => (
    <EpisodesPanel
      jobs={{ loading: false, data: [readyJob(audioUrl, captionsUrl)] }}
      onRetry={options.onRetry ?? (() => undefined)}
      refreshJob={options.refreshJob}
    />
  );
  const { rerender } = render(panel(OLD_AUDIO, OLD_CAPTIONS));
  const audio = screen.getByTestId('episode-audio') as HTMLAudioElement;
  return {
    audio,
    poll: (audioUrl: string, captionsUrl: string) => rerender(panel(audioUrl, captionsUrl)),
  };
}

function renderPlayer(options: {
  refreshJob?: (jobId: string) => Promise<Job>;
  onRetry?: () => void;
}) {
  render(
    <EpisodesPanel
      jobs={{ loading: false, data: [readyJob(OLD_AUDIO, OLD_CAPTIONS)] }}
      onRetry={options.onRetry ?? (() => undefined)}
      refreshJob={options.refreshJob}
    />,
  );
  return screen.getByTestId('episode-audio') as HTMLAudioElement;
}

describe('EpisodePlayer', () => {
  let play: jest.SpyInstance;
  beforeEach(() => {
    play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => play.mockRestore());

  it('fetches the job again when the audio fails, swaps the links and resumes at the same time', async () => {
    const refreshJob = jest.fn(async () => readyJob(NEW_AUDIO, NEW_CAPTIONS));
    const audio = renderPlayer({ refreshJob });
    audio.currentTime = 3725;
    fireEvent.play(audio);
    fireEvent.error(audio);

    await waitFor(() => expect(audio).toHaveAttribute('src', NEW_AUDIO));
    expect(refreshJob).toHaveBeenCalledTimes(1);
    expect(refreshJob).toHaveBeenCalledWith('job-1');
    await waitFor(() => expect(audio.querySelector('track')).toHaveAttribute('src', NEW_CAPTIONS));

    // A new source starts at 0:00 in a browser; its metadata loading is when to seek back.
    audio.currentTime = 0;
    play.mockClear();
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBe(3725);
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('episode-audio-gone')).not.toBeInTheDocument();
  });

  it('restores the time but stays paused when the audio was paused', async () => {
    const refreshJob = jest.fn(async () => readyJob(NEW_AUDIO, NEW_CAPTIONS));
    const audio = renderPlayer({ refreshJob });
    fireEvent.play(audio);
    fireEvent.pause(audio);
    audio.currentTime = 600;
    fireEvent.error(audio);
    await waitFor(() => expect(audio).toHaveAttribute('src', NEW_AUDIO));

    audio.currentTime = 0;
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBe(600);
    expect(play).not.toHaveBeenCalled();
  });

  it('says the audio is not available when the fresh link fails too, and does not fetch again', async () => {
    const refreshJob = jest.fn(async () => readyJob(NEW_AUDIO, NEW_CAPTIONS));
    const audio = renderPlayer({ refreshJob });
    audio.currentTime = 120;
    fireEvent.error(audio);
    await waitFor(() => expect(audio).toHaveAttribute('src', NEW_AUDIO));

    fireEvent.error(audio);
    expect(await screen.findByTestId('episode-audio-gone')).toHaveTextContent(
      'This episode’s audio is not available right now.',
    );
    fireEvent.error(audio);
    fireEvent.error(audio);
    expect(refreshJob).toHaveBeenCalledTimes(1);
    expect(audio).toHaveAttribute('src', NEW_AUDIO);
  });

  it('refreshes again for a later expiry once the fresh source has loaded', async () => {
    const third = '/api/podcasts/job-1/audio?signature=third';
    const refreshJob = jest
      .fn<Promise<Job>, [string]>()
      .mockResolvedValueOnce(readyJob(NEW_AUDIO, NEW_CAPTIONS))
      .mockResolvedValueOnce(readyJob(third, NEW_CAPTIONS));
    const audio = renderPlayer({ refreshJob });
    fireEvent.error(audio);
    await waitFor(() => expect(audio).toHaveAttribute('src', NEW_AUDIO));
    fireEvent.loadedMetadata(audio);

    fireEvent.error(audio);
    await waitFor(() => expect(audio).toHaveAttribute('src', third));
    expect(refreshJob).toHaveBeenCalledTimes(2);
  });

  it('tries again, at the same time, when the parent later passes a new link after giving up', async () => {
    const refreshJob = jest.fn(async (): Promise<Job> => {
      throw new Error('HTTP 503');
    });
    const { rerender } = render(
      <EpisodesPanel
        jobs={{ loading: false, data: [readyJob(OLD_AUDIO, OLD_CAPTIONS)] }}
        onRetry={() => undefined}
        refreshJob={refreshJob}
      />,
    );
    const audio = screen.getByTestId('episode-audio') as HTMLAudioElement;
    audio.currentTime = 90;
    fireEvent.error(audio);
    expect(await screen.findByTestId('episode-audio-gone')).toBeInTheDocument();

    rerender(
      <EpisodesPanel
        jobs={{ loading: false, data: [readyJob(NEW_AUDIO, NEW_CAPTIONS)] }}
        onRetry={() => undefined}
        refreshJob={refreshJob}
      />,
    );
    expect(audio).toHaveAttribute('src', NEW_AUDIO);
    await waitFor(() => expect(screen.queryByTestId('episode-audio-gone')).not.toBeInTheDocument());
    audio.currentTime = 0;
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBe(90);
  });

  it('says the audio is not available when fetching the job again fails', async () => {
    const refreshJob = jest.fn(async (): Promise<Job> => {
      throw new Error('HTTP 404');
    });
    const audio = renderPlayer({ refreshJob });
    fireEvent.error(audio);
    expect(await screen.findByTestId('episode-audio-gone')).toBeInTheDocument();
    fireEvent.error(audio);
    expect(refreshJob).toHaveBeenCalledTimes(1);
    expect(audio).toHaveAttribute('src', OLD_AUDIO);
  });

  it('fetches fresh captions once when the captions track fails, leaving the audio alone', async () => {
    const refreshJob = jest.fn(async () => readyJob(NEW_AUDIO, NEW_CAPTIONS));
    const audio = renderPlayer({ refreshJob });
    const track = () => audio.querySelector('track') as HTMLTrackElement;
    await waitFor(() => expect(track()).toHaveAttribute('src', OLD_CAPTIONS));
    fireEvent.error(track());
    await waitFor(() => expect(track()).toHaveAttribute('src', NEW_CAPTIONS));
    fireEvent.error(track());
    expect(refreshJob).toHaveBeenCalledTimes(1);
    expect(audio).toHaveAttribute('src', OLD_AUDIO);
  });

  it('still calls onLinkExpired once per link when no refreshJob is given', () => {
    const onRetry = jest.fn();
    const audio = renderPlayer({ onRetry });
    fireEvent.error(audio);
    fireEvent.error(audio);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('fetching a fresh link');
  });

  describe('when a poll hands it a new link for the same episode', () => {
    it('keeps playing the current source at its position', async () => {
      const refreshJob = jest.fn(async () => readyJob(NEW_AUDIO, NEW_CAPTIONS));
      const { audio, poll } = renderPolled({ refreshJob });
      await waitFor(() =>
        expect(audio.querySelector('track')).toHaveAttribute('src', OLD_CAPTIONS),
      );
      audio.currentTime = 1800;
      fireEvent.play(audio);
      play.mockClear();

      poll(NEW_AUDIO, NEW_CAPTIONS);
      poll(
        '/api/podcasts/job-1/audio?signature=newer',
        '/api/podcasts/job-1/captions?signature=newer',
      );

      expect(audio).toHaveAttribute('src', OLD_AUDIO);
      expect(audio.querySelector('track')).toHaveAttribute('src', OLD_CAPTIONS);
      expect(audio.currentTime).toBe(1800);
      expect(play).not.toHaveBeenCalled();
      expect(refreshJob).not.toHaveBeenCalled();
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it('switches to the polled link once the current one fails, back at the same time and playing', async () => {
      const onRetry = jest.fn();
      const { audio, poll } = renderPolled({ onRetry });
      audio.currentTime = 1800;
      fireEvent.play(audio);
      poll(NEW_AUDIO, NEW_CAPTIONS);
      expect(audio).toHaveAttribute('src', OLD_AUDIO);

      fireEvent.error(audio);
      await waitFor(() => expect(audio).toHaveAttribute('src', NEW_AUDIO));
      expect(audio.querySelector('track')).toHaveAttribute('src', NEW_CAPTIONS);
      expect(onRetry).not.toHaveBeenCalled();

      // The new source starts at 0:00 and may fail before it loads: the time stays 1800.
      audio.currentTime = 0;
      play.mockClear();
      fireEvent.loadedMetadata(audio);
      expect(audio.currentTime).toBe(1800);
      expect(play).toHaveBeenCalledTimes(1);
    });

    it('asks for fresh links on a failure even with a polled link waiting, and resumes there', async () => {
      const fresh = '/api/podcasts/job-1/audio?signature=fresh';
      const refreshJob = jest.fn(async () => readyJob(fresh, NEW_CAPTIONS));
      const { audio, poll } = renderPolled({ refreshJob });
      fireEvent.play(audio);
      fireEvent.pause(audio);
      audio.currentTime = 2400;
      poll(NEW_AUDIO, NEW_CAPTIONS);

      fireEvent.error(audio);
      await waitFor(() => expect(audio).toHaveAttribute('src', fresh));
      expect(refreshJob).toHaveBeenCalledTimes(1);
      audio.currentTime = 0;
      fireEvent.loadedMetadata(audio);
      expect(audio.currentTime).toBe(2400);
      expect(play).toHaveBeenCalledTimes(0);

      // The fresh source works: later polls leave it alone too.
      audio.currentTime = 2410;
      poll('/api/podcasts/job-1/audio?signature=later', NEW_CAPTIONS);
      expect(audio).toHaveAttribute('src', fresh);
      expect(audio.currentTime).toBe(2410);
    });

    it('keeps the position of the first failure when the polled link fails before it loads', async () => {
      const onRetry = jest.fn();
      const { audio, poll } = renderPolled({ onRetry });
      audio.currentTime = 1200;
      fireEvent.play(audio);
      poll(NEW_AUDIO, NEW_CAPTIONS);
      fireEvent.error(audio);
      await waitFor(() => expect(audio).toHaveAttribute('src', NEW_AUDIO));

      // The polled link had expired as well: the parent is asked once for fresh ones.
      audio.currentTime = 0;
      fireEvent.error(audio);
      expect(onRetry).toHaveBeenCalledTimes(1);
      const third = '/api/podcasts/job-1/audio?signature=third';
      poll(third, NEW_CAPTIONS);
      await waitFor(() => expect(audio).toHaveAttribute('src', third));
      play.mockClear();
      fireEvent.loadedMetadata(audio);
      expect(audio.currentTime).toBe(1200);
      expect(play).toHaveBeenCalledTimes(1);
    });
  });
});
