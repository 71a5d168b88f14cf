import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { failOnCspViolations } from './csp-violations';
import {
  asUser,
  audioDuration,
  gaugeUsed,
  jobOf,
  pickUser,
  quotaOf,
  severeAxeViolations,
} from './stack-helpers';

const SOURCE_TEXT = [
  'Tides are the regular rise and fall of the sea caused by the Moon and the Sun.',
  'Spring tides happen when the Sun and the Moon line up, and neap tides when they are at right angles.',
  'The Bay of Fundy in Canada has the largest tidal range in the world, more than fifteen metres.',
].join(' ');

/** The first edit: the opening turn says this instead. */
const OPENING = 'Welcome to Lumcast. Today the sea breathes in and out twice a day.';
/** The second edit: added to the end of the second turn. */
const ADDITION = ' And the range is largest at spring tides, twice every month.';

/**
 * Where the local stack keeps one job's speech chunks, one MP3 per chunk address: the data
 * folder the Playwright config gives `npm start`, then its S3 server's buckets
 * (`s3/<bucket>/episodes/<job>/chunks/<address>.mp3._S3rver_object`). Each object is one chunk the
 * synthesizer spoke, so counting them counts what it was asked to say.
 */
function chunksSpoken(jobId: string): number {
  const buckets = path.resolve(__dirname, '..', '..', '..', 'tmp', 'e2e-data', 's3');
  if (!existsSync(buckets)) return 0;
  return readdirSync(buckets)
    .map((bucket) => path.join(buckets, bucket, 'episodes', jobId, 'chunks'))
    .filter((folder) => existsSync(folder))
    .flatMap((folder) => readdirSync(folder))
    .filter((name) => name.endsWith('.mp3._S3rver_object')).length;
}

/** The words of a WebVTT file: its cues' text joined by spaces, without header, numbers or timings. */
function spokenText(vtt: string): string {
  return vtt
    .split('\n')
    .filter((line) => !/^WEBVTT|-->|^\d+$|^\s*$/.test(line))
    .join(' ')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ');
}

/** The number in a button such as "Render for 4 slots". */
async function slotsOn(button: Locator): Promise<number> {
  const words = (await button.textContent()) ?? '';
  const match = /for (\d+) slots?$/.exec(words);
  expect(match, `"${words}" names its slots`).not.toBeNull();
  return Number(match?.[1]);
}

/** The script editor open on an episode card, with its turns loaded. */
async function openEditor(episode: Locator, toggle: string): Promise<Locator> {
  await episode.getByRole('button', { name: toggle }).click();
  const editor = episode.getByTestId('script-editor');
  await expect(editor.getByTestId('script-turn').first()).toBeVisible();
  return editor;
}

/** Saves the editor's changes, and waits for the quote of the saved version on the render button. */
async function save(editor: Locator, version: number, verb: string): Promise<Locator> {
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByText(`Saved as version ${version}.`)).toBeVisible();
  const render = editor.getByRole('button', { name: new RegExp(`^${verb} for \\d+ slots?$`) });
  await expect(render).toBeEnabled();
  return render;
}

test.describe('reviewing and re-rendering a script on the local stack', () => {
  failOnCspViolations();

  test('a draft is edited and rendered for its quote, one turn edited again is re-rendered by speaking only that turn for its new minutes, and the transcript and audio show both edits', async ({
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    const user = `rena-${Date.now().toString(36)}`;
    // On a phone: the editor, like the rest, fits 375 px without sideways scrolling.
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto('/');
    await pickUser(page, user);
    const before = await quotaOf(request, user);

    // A draft: written, not spoken, nothing held.
    const form = page.getByRole('region', { name: 'New episode' });
    await form.getByLabel('Topic').fill('How tides work');
    await form.getByLabel(/Source text/).fill(SOURCE_TEXT);
    await form.getByLabel('Minutes').fill('2');
    await form.getByLabel('Voice quality').selectOption('neural');
    await form.getByRole('checkbox', { name: 'Review script first' }).check();
    await form.getByRole('button', { name: 'Write the script' }).click();
    await expect(form.getByText('Draft queued')).toBeVisible();
    const episode = page.getByTestId('episode').filter({ hasText: 'How tides work' });
    await expect(episode.getByTestId('episode-status')).toHaveText('script ready', {
      timeout: 180_000,
    });
    const jobId = (await episode.getAttribute('data-job-id')) as string;
    expect((await quotaOf(request, user)).reserved).toBe(0);

    let firstCharge = 0;
    let firstSeconds = 0;
    let deleted = '';
    let second = '';
    await test.step('1. the draft is reviewed: one turn edited, one deleted; rendered and charged its quote', async () => {
      const editor = await openEditor(episode, 'Review script');
      const turns = editor.getByTestId('script-turn');
      const count = await turns.count();
      expect(count).toBeGreaterThan(2);
      await editor.getByRole('textbox', { name: 'Text of turn 1' }).fill(OPENING);
      deleted = await editor.getByRole('textbox', { name: `Text of turn ${count}` }).inputValue();
      await editor.getByRole('button', { name: `Remove (turn ${count})` }).click();
      await expect(turns).toHaveCount(count - 1);
      const render = await save(editor, 2, 'Render');
      firstCharge = await slotsOn(render);
      expect(firstCharge).toBeGreaterThan(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await severeAxeViolations(page)).toEqual([]);
      await editor.screenshot({ path: test.info().outputPath('script-editor-375.png') });

      await render.click();
      await expect(episode.getByTestId('episode-status')).toHaveText('ready', {
        timeout: 240_000,
      });
      await expect(episode.getByTestId('episode-render')).toHaveCount(1);
      const job = await jobOf(request, user, jobId);
      expect(job.cost).toBe(firstCharge);
      expect(job.renders).toEqual([
        expect.objectContaining({ version: 2, charged: firstCharge, chunksReused: 0 }),
      ]);
      const synthesized = job.renders?.[0]?.chunksSynthesized ?? 0;
      expect(chunksSpoken(jobId)).toBe(synthesized);
      await expect(episode.getByTestId('episode-render')).toHaveText(
        `Version 2: charged ${firstCharge} slots · ${synthesized} chunks synthesized, 0 reused`,
      );
      await expect.poll(() => gaugeUsed(page)).toBe(before.used + firstCharge);
      firstSeconds = job.durationSeconds ?? 0;
      expect(firstSeconds).toBeGreaterThan(0);
    });

    await test.step('2. one turn edited again is re-rendered: exactly that turn’s chunk is spoken and only its new minutes charged', async () => {
      const editor = await openEditor(episode, 'Edit script');
      const text = editor.getByRole('textbox', { name: 'Text of turn 2' });
      second = (await text.inputValue()) + ADDITION;
      await text.fill(second);
      // The quote follows the typing: one chunk is new, the rest are reused.
      await expect(editor.getByTestId('script-quote')).toContainText('1 chunk to speak');
      await expect(editor.getByTestId('script-quote')).toContainText('(1 new minute)');
      const render = await save(editor, 3, 'Re-render');
      const charge = await slotsOn(render);
      // Neural speech is 2 slots a minute: one started minute of new audio, not the episode's.
      expect(charge).toBe(2);
      const chunksBefore = chunksSpoken(jobId);
      expect(await severeAxeViolations(page)).toEqual([]);

      await render.click();
      await expect(episode.getByTestId('episode-render')).toHaveCount(2, { timeout: 240_000 });
      await expect(episode.getByTestId('episode-rendering')).toHaveCount(0, { timeout: 240_000 });
      const job = await jobOf(request, user, jobId);
      expect(job.status).toBe('ready');
      expect(job.renders?.[1]).toMatchObject({ version: 3, charged: charge, chunksSynthesized: 1 });
      expect(chunksSpoken(jobId) - chunksBefore).toBe(1);
      expect(job.cost).toBe(firstCharge + charge);
      await expect(episode.getByTestId('episode-render').nth(1)).toHaveText(
        `Version 3: charged ${charge} slots · 1 chunk synthesized, ${job.renders?.[1]?.chunksReused} reused`,
      );
      await expect.poll(() => gaugeUsed(page)).toBe(before.used + firstCharge + charge);
      expect((await quotaOf(request, user)).used).toBe(before.used + firstCharge + charge);
    });

    await test.step('3. the transcript and the audio show both edits', async () => {
      const job = await jobOf(request, user, jobId);
      const captions = await request.get(job.captionsUrl as string, { headers: asUser(user) });
      expect(captions.status()).toBe(200);
      const vtt = await captions.text();
      expect(vtt).toMatch(/^WEBVTT/);
      const transcript = spokenText(vtt);
      expect(transcript).toContain('Today the sea breathes in and out twice a day.');
      expect(transcript).toContain(second.replace(/\s+/g, ' ').trim());
      expect(transcript).not.toContain(deleted.replace(/\s+/g, ' ').trim());
      // The longer second turn made the episode longer, and the player plays the new audio.
      expect(job.durationSeconds).toBeGreaterThan(firstSeconds + 1);
      const audio = episode.getByTestId('episode-audio');
      expect(await audioDuration(audio)).toBeCloseTo(job.durationSeconds as number, 0);
    });
  });

  test('a series’ hosts are set in the Series hosts panel, kept, and speak in its next draft', async ({
    page,
    request,
  }) => {
    const run = Date.now().toString(36);
    const user = `hana-${run}`;
    const series = `tides-${run}`;
    await page.goto('/');
    await pickUser(page, user);
    const form = page.getByRole('region', { name: 'New episode' });

    /** Writes a draft of the series, and answers its card once its script is ready. */
    async function draft(topic: string): Promise<Locator> {
      await form.getByLabel('Topic').fill(topic);
      await form.getByLabel(/Source text/).fill(SOURCE_TEXT);
      await form.getByLabel('Minutes').fill('1');
      await form.getByLabel('Voice quality').selectOption('neural');
      await form.getByLabel(/Series/).fill(series);
      await form.getByRole('checkbox', { name: 'Review script first' }).check();
      await form.getByRole('button', { name: 'Write the script' }).click();
      const card = page.getByTestId('episode').filter({ hasText: topic });
      await expect(card.getByTestId('episode-status')).toHaveText('script ready', {
        timeout: 180_000,
      });
      return card;
    }

    await draft('Neap tides');
    const panel = page.getByRole('region', { name: 'Series hosts' });
    await expect(panel.getByRole('combobox', { name: 'Series' })).toHaveValue(series);
    await expect(panel.getByText(`No host profiles: episodes of ${series}`)).toBeVisible();
    const hosts = [
      { name: 'Ada', persona: 'A retired marine biologist.', voices: { neural: 'Danielle' } },
      { name: 'Ivo', voices: { neural: 'Gregory' } },
    ];
    for (const [index, host] of hosts.entries()) {
      await panel.getByRole('button', { name: 'Add a host' }).click();
      const fields = panel.getByRole('group', { name: `Host ${index + 1}` });
      await expect(fields.getByRole('textbox', { name: 'Name' })).toBeFocused();
      await fields.getByRole('textbox', { name: 'Name' }).fill(host.name);
      if (host.persona) {
        const persona = fields.getByRole('textbox', { name: /Persona/ });
        await persona.fill(host.persona);
        await expect(fields.getByText(`${host.persona.length} of 1,000 characters`)).toBeVisible();
      }
      await fields.getByRole('combobox', { name: 'Neural voice' }).selectOption(host.voices.neural);
    }
    await panel.getByRole('button', { name: 'Save hosts' }).click();
    await expect(
      panel.getByText(
        `Saved the hosts of ${series}. Episodes made in the series from now on use them.`,
      ),
    ).toBeVisible();
    const kept = await request.get(`/api/series/${series}/hosts`, { headers: asUser(user) });
    expect(await kept.json()).toEqual({ seriesId: series, hosts });
    expect(await severeAxeViolations(page)).toEqual([]);

    // Kept: a fresh page shows them.
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Series hosts' })
        .getByRole('group', { name: 'Host 1' })
        .getByRole('textbox', { name: 'Name' }),
    ).toHaveValue('Ada');

    // The next draft of the series is written for them.
    const next = await draft('Spring tides');
    const editor = await openEditor(next, 'Review script');
    await expect(
      editor.getByRole('combobox', { name: 'Speaker of turn 1' }).getByRole('option'),
    ).toHaveText(['Ada', 'Ivo']);
  });
});
