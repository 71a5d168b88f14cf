import { InvalidAudioOptionsError } from '../src/errors';
import { assembleEpisode } from '../src/assemble-episode';
import { assembleMp3 } from '../src/mp3/assemble-mp3';
import { mp3Info } from '../src/mp3/info';
import { ffmpegDecode, ffprobe, lameMp3, requireFfmpeg } from './fixtures';

beforeAll(requireFfmpeg);

describe('assembleEpisode', () => {
  it('writes chapters and captions timed to the same chunk starts as the audio', async () => {
    const chunks = [
      (await lameMp3(24000, 1, 48, 0.4)).bytes,
      (await lameMp3(24000, 1, 48, 0.4, 330)).bytes,
      (await lameMp3(24000, 1, 48, 0.4, 550)).bytes,
    ];
    const plan = [
      { chapterIndex: 0, text: 'Hello there. Welcome!', speaker: 'Ada' },
      { chapterIndex: 0, text: 'Glad to be here.', speaker: 'Ben' },
      { chapterIndex: 1, text: 'Now, the tides.', speaker: 'Ada' },
    ];
    const episode = assembleEpisode(chunks, {
      plan,
      chapterTitles: ['Welcome', 'Tides'],
      silenceBetweenMs: 120,
    });
    const plain = assembleMp3(chunks, { silenceBetweenMs: 120 });
    const probed = ffprobe(episode.audio);

    expect(episode.durationSeconds).toBe(plain.durationSeconds);
    expect(episode.chunkStartsSeconds).toEqual(plain.chunkStartsSeconds);
    expect(episode.chapters).toEqual([
      { title: 'Welcome', startSeconds: 0, endSeconds: plain.chunkStartsSeconds[2] },
      {
        title: 'Tides',
        startSeconds: plain.chunkStartsSeconds[2],
        endSeconds: plain.durationSeconds,
      },
    ]);
    expect(probed.chapters.map((chapter) => chapter.tags?.title)).toEqual(['Welcome', 'Tides']);
    expect(episode.captions).toContain('<v Ben>Glad to be here.');
    expect(episode.captions.split('\n\n')).toHaveLength(1 + 4);
    expect(mp3Info(episode.audio).frames).toBe(plain.frames);
    expect(ffmpegDecode(episode.audio)).toEqual({
      errors: '',
      samples: plain.frames * 576,
      channels: 1,
    });
  });

  it('refuses a plan whose length differs from the audio chunks', async () => {
    const chunk = (await lameMp3(24000, 1, 48, 0.4)).bytes;

    expect(() =>
      assembleEpisode([chunk, chunk], {
        plan: [{ chapterIndex: 0, text: 'Hi.', speaker: 'Ada' }],
        chapterTitles: ['One'],
      }),
    ).toThrow(InvalidAudioOptionsError);
  });
});
