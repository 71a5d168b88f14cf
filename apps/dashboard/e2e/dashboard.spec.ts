import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseFeed } from 'podcast-partytime';
import { failOnCspViolations } from './csp-violations';
import {
  asUser,
  audioDuration,
  gaugeUsed,
  pickUser,
  quotaOf,
  severeAxeViolations,
  type JobBody,
} from './stack-helpers';

const SOURCE_TEXT = [
  'Tides are the regular rise and fall of the sea caused by the Moon and the Sun.',
  'The Moon pulls the water on the near side of the Earth a little more than the Earth itself.',
  'Spring tides happen when the Sun and the Moon line up, and neap tides when they are at right angles.',
  'Most coasts see two high tides and two low tides every lunar day of about twenty-four hours and fifty minutes.',
  'The Bay of Fundy in Canada has the largest tidal range in the world, more than fifteen metres.',
].join(' ');

/** A Spanish source, one sentence per line of a PDF, for an episode written and spoken in Spanish. */
const SPANISH_SOURCE_LINES = [
  'Los ríos excavan sus valles a lo largo de miles de años arrastrando arena y piedras.',
  'En la montaña el agua corre deprisa y corta valles estrechos con forma de V.',
  'Cerca del mar el río pierde fuerza, se ensancha y deja sus sedimentos en llanuras fértiles.',
  'Las crecidas de primavera mueven más material que todo el resto del año.',
  'El cañón del Colorado muestra dos mil millones de años de historia en sus paredes.',
];

/** A two-page PDF of {@link SPANISH_SOURCE_LINES}, made by pdf-lib as a user's file would be. */
async function spanishPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const lines of [SPANISH_SOURCE_LINES.slice(0, 3), SPANISH_SOURCE_LINES.slice(3)]) {
    const page = document.addPage();
    lines.forEach((line, index) =>
      page.drawText(line, { x: 40, y: 760 - index * 20, size: 10, font }),
    );
  }
  return Buffer.from(await document.save());
}

test.describe('the dashboard on the local stack', () => {
  // Every test runs under the dashboard's Content-Security-Policy and fails on any violation.
  failOnCspViolations();

  test('the dashboard is served under a Content-Security-Policy of its own origin that no page may frame, with nosniff and no referrer', async ({
    page,
  }) => {
    const response = await page.goto('/');
    const headers = response?.headers() ?? {};
    const policy = headers['content-security-policy'] ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('heading', { name: 'Who are you?' })).toBeVisible();
    const missing = await page.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('a user makes a 1-minute episode, is charged exactly its cost, plays it, and another user sees none of it', async ({
    page,
    request,
  }, testInfo) => {
    const run = Date.now().toString(36);
    const alice = `alice-${run}`;
    const bob = `bob-${run}`;

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Who are you?' })).toBeVisible();
    await pickUser(page, alice);

    // This week: the gauge agrees with the API before anything happens.
    const before = await quotaOf(request, alice);
    await expect(page.getByTestId('quota-used')).toHaveText(String(before.used));

    // New episode: 1 minute, standard voice, from a short source text.
    const form = page.getByRole('region', { name: 'New episode' });
    await form.getByLabel('Topic').fill('How tides work');
    await form.getByLabel(/Source text/).fill(SOURCE_TEXT);
    await form.getByLabel('Minutes').fill('1');
    await form.getByLabel('Voice quality').selectOption('standard');
    await expect(form.getByTestId('form-cost')).toContainText('Estimated cost: 1 slot');
    await form.getByRole('button', { name: 'Make episode' }).click();
    await expect(form.getByText('Episode queued')).toBeVisible();

    // Episodes: watch it move through the pipeline to ready (the list polls while it runs).
    const episode = page.getByTestId('episode').filter({ hasText: 'How tides work' });
    await expect(episode).toHaveCount(1);
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const status = (await episode.getByTestId('episode-status').textContent()) ?? '';
          seen.add(status);
          return status;
        },
        { timeout: 180_000, intervals: [250] },
      )
      .toBe('ready');
    testInfo.annotations.push({ type: 'statuses seen', description: [...seen].join(' → ') });
    // Live progress: the card showed at least one running stage before ready.
    expect([...seen].filter((status) => status !== 'ready').length).toBeGreaterThan(0);

    // The charge: read it from the UI and from the API; the gauge moved by exactly that.
    const charged = Number(await episode.getByTestId('episode-charged').textContent());
    const listed = (await (
      await request.get('/api/podcasts', { headers: asUser(alice) })
    ).json()) as {
      items: JobBody[];
    };
    const job = listed.items.find((item) => item.status === 'ready');
    expect(job?.cost).toBe(charged);
    expect(charged).toBeGreaterThan(0);
    await expect.poll(() => gaugeUsed(page), { timeout: 15_000 }).toBe(before.used + charged);
    const after = await quotaOf(request, alice);
    expect(after.used).toBe(before.used + charged);
    await expect(page.getByTestId('quota-remaining')).toContainText(String(after.remaining));

    // History: this week's bar carries the charge.
    const currentBar = page.locator('.history__bar--current');
    await expect(currentBar).toHaveAttribute('data-slots', String(after.used));

    // Play it: the audio element loads, play() resolves and time advances; captions load.
    const audio = episode.getByTestId('episode-audio');
    await expect(audio).toBeVisible();
    expect(await audioDuration(audio)).toBeGreaterThan(1);
    await audio.evaluate(async (element: HTMLAudioElement) => {
      element.muted = true;
      await element.play();
    });
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.2);
    await audio.evaluate((element: HTMLAudioElement) => element.pause());
    await expect
      .poll(() =>
        audio.evaluate((element: HTMLAudioElement) => element.textTracks[0]?.cues?.length ?? 0),
      )
      .toBeGreaterThan(0);

    // Chapters seek the audio.
    const chapters = episode.getByRole('navigation', { name: /Chapters of/ }).getByRole('button');
    const chapterCount = await chapters.count();
    expect(chapterCount).toBeGreaterThan(0);
    await chapters.nth(chapterCount - 1).click();
    const lastStart = await audio.evaluate((element: HTMLAudioElement) => element.currentTime);
    expect(lastStart).toBeGreaterThan(0);
    await audio.evaluate((element: HTMLAudioElement) => element.pause());

    // Accessibility: no serious or critical axe violations on the main page.
    expect(await severeAxeViolations(page)).toEqual([]);

    // The screenshot artifact.
    const screenshot = testInfo.outputPath('dashboard.png');
    await page.screenshot({ path: screenshot, fullPage: true });
    await testInfo.attach('dashboard', { path: screenshot, contentType: 'image/png' });

    // A second user sees none of it: not in the UI, not through the API.
    await page.getByRole('button', { name: 'Switch user' }).click();
    await pickUser(page, bob);
    await expect(page.getByText('No episodes yet.')).toBeVisible();
    await expect(page.getByTestId('episode')).toHaveCount(0);
    await expect(page.getByRole('meter', { name: 'Slots this week' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    const bobsList = (await (
      await request.get('/api/podcasts', { headers: asUser(bob) })
    ).json()) as {
      items: JobBody[];
    };
    expect(bobsList.items).toEqual([]);
    const bobPeeks = await request.get(`/api/podcasts/${job?.jobId}`, { headers: asUser(bob) });
    expect(bobPeeks.status()).toBe(404);
    expect((await quotaOf(request, bob)).used).toBe(0);
  });

  test('a user makes a Spanish debate in a series from an uploaded PDF and subscribes to its feed: the link the panel copies parses in Podcast Index’s parser in Spanish, its enclosure plays by Range, and a revoke ends it', async ({
    page,
    context,
    request,
  }) => {
    const run = Date.now().toString(36);
    const series = `rivers-${run}`;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    await pickUser(page, `carol-${run}`);

    // A debate of the series in Spanish (Spain), from a PDF uploaded in the form.
    const form = page.getByRole('region', { name: 'New episode' });
    await form.getByLabel('Topic').fill('How rivers shape valleys');
    await form
      .getByLabel(/Source file/)
      .setInputFiles({ name: 'rios.pdf', mimeType: 'application/pdf', buffer: await spanishPdf() });
    await form.getByLabel('Language').selectOption('es-ES');
    await form.getByLabel('Format').selectOption('debate');
    await form.getByLabel('Minutes').fill('2');
    await form.getByLabel('Voice quality').selectOption('standard');
    await form.getByLabel(/Series/).fill(series);
    await form.getByRole('button', { name: 'Make episode' }).click();
    const episode = page.getByTestId('episode').filter({ hasText: 'How rivers shape valleys' });
    await expect(episode.getByTestId('episode-status')).toHaveText('ready', { timeout: 180_000 });
    await expect(episode.getByText(/· es-ES ·/)).toBeVisible();

    // The Feeds panel makes a link of that series, shows it, and copies it.
    const feeds = page.getByRole('region', { name: 'Podcast feeds' });
    await feeds.getByLabel('Episodes in the feed').selectOption(series);
    await feeds.getByRole('button', { name: 'Create feed link' }).click();
    await expect(feeds.getByText(`Made a feed link for ${series}.`)).toBeVisible();
    const link = feeds.getByRole('textbox', { name: `Feed link for ${series}`, exact: true });
    const feedUrl = await link.inputValue();
    expect(feedUrl).toMatch(new RegExp(`^http://localhost:\\d+/feeds/f-[A-Za-z0-9_-]{22}$`));
    await feeds.getByRole('button', { name: `Copy feed link for ${series}`, exact: true }).click();
    await expect(feeds.getByText('Copied', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);

    // A podcast app: no identity, the feed parsed by Podcast Index's parser.
    const answer = await request.get(feedUrl);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    const parsed = parseFeed(await answer.text());
    expect(parsed?.title).toBe(`${series} — Lumcast`);
    expect(parsed?.language).toBe('es-ES');
    expect(parsed?.items).toHaveLength(1);
    const item = parsed?.items[0];
    expect(item?.title).toBe('How rivers shape valleys');
    expect(item?.enclosure?.type).toBe('audio/mpeg');
    expect(item?.enclosure?.length).toBeGreaterThan(0);

    // Its enclosure plays as apps fetch it: a Range answered 206, of the length the feed states.
    const part = await request.get(item?.enclosure?.url as string, {
      headers: { range: 'bytes=0-1023' },
    });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toBe(`bytes 0-1023/${item?.enclosure?.length}`);
    expect((await part.body()).byteLength).toBe(1024);
    // The transcript is WebVTT, read from the PDF, and the offline hosts said what a debate needs.
    const transcript = await (
      await request.get(item?.podcastTranscripts?.[0]?.url as string)
    ).text();
    // Spanish, the offline writer's own lines included: "you asked for a debate".
    expect(transcript).toMatch(/^WEBVTT[\s\S]*Pediste\s+un\s+debate/);
    expect(transcript.replace(/\s+/g, ' ')).toContain('El cañón del Colorado muestra');
    const chapters = await request.get(item?.podcastChapters?.url as string);
    expect(((await chapters.json()) as { version: string }).version).toBe('1.2.0');

    // Revoked from the panel (with its confirm step), the link stops answering.
    await feeds
      .getByRole('button', { name: `Revoke feed link for ${series}`, exact: true })
      .click();
    await feeds
      .getByRole('button', { name: `Confirm revoke of feed link for ${series}`, exact: true })
      .click();
    await expect(feeds.getByText(`Revoked the feed link for ${series}.`)).toBeVisible();
    await expect(link).toHaveCount(0);
    expect((await request.get(feedUrl)).status()).toBe(404);
  });

  test('the dashboard fits a 375 px wide phone screen without sideways scrolling', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await pickUser(page, `phone-${Date.now().toString(36)}`);
    await expect(page.getByRole('meter', { name: 'Slots this week' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('dashboard-375.png'), fullPage: true });
  });
});
