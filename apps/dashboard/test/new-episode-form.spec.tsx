import { EPISODE_OPTIONS } from '@lumcast/pipeline';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient } from '../src/api/api-client';
import { ApiError, UploadError } from '../src/api/errors';
import type { CreatePodcastRequest } from '../src/api/types';
import { NewEpisodeForm } from '../src/components/new-episode-form';

/**
 * The real API client over a fetch that answers every POST with `status` and `body`, as the
 * server would (jsdom has no Response; the client reads only ok, status and text()).
 */
function refusingApi(status: number, body: unknown) {
  return createApiClient({
    identityHeaders: async () => ({ 'x-lumcast-user': 'alice' }),
    fetch: (async () => ({
      ok: false,
      status,
      text: async () => JSON.stringify(body),
    })) as unknown as typeof fetch,
  });
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, minutes: string, quality: string) {
  await user.type(screen.getByLabelText('Topic'), 'Volcanoes');
  const field = screen.getByLabelText('Minutes');
  await user.clear(field);
  await user.type(field, minutes);
  await user.selectOptions(screen.getByLabelText('Voice quality'), quality);
}

function setup(
  quota: { remaining: number; limit: number; inFlight?: number; maxInFlight?: number } = {
    remaining: 50,
    limit: 200,
  },
) {
  const submitted: CreatePodcastRequest[] = [];
  const onSubmit = jest.fn(async (request: CreatePodcastRequest) => {
    submitted.push(request);
    return { jobId: 'job-1', status: 'queued' as const, estimatedCost: 2 };
  });
  const onCreated = jest.fn();
  render(<NewEpisodeForm quota={quota} onSubmit={onSubmit} onCreated={onCreated} />);
  return { user: userEvent.setup(), onSubmit, onCreated, submitted };
}

describe('NewEpisodeForm', () => {
  it('shows messages beside the fields and sends nothing when the input is invalid', async () => {
    const { user, onSubmit } = setup();
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '0');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));

    const topic = screen.getByLabelText('Topic');
    expect(topic).toHaveAttribute('aria-invalid', 'true');
    expect(topic).toHaveAccessibleDescription(expect.stringContaining('Enter a topic.'));
    expect(minutes).toHaveAccessibleDescription('Choose between 1 and 60 minutes.');
    expect(topic).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a topic over the length limit and a fractional number of minutes', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByLabelText('Topic'));
    await user.paste('x'.repeat(201));
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '2.5');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(screen.getByText('Keep the topic to 200 characters (now 201).')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number of minutes.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('validates a field when it loses focus and clears the message once fixed', async () => {
    const { user } = setup();
    const topic = screen.getByLabelText('Topic');
    await user.click(topic);
    await user.tab();
    expect(screen.getByText('Enter a topic.')).toBeInTheDocument();
    await user.type(topic, 'Tides');
    expect(screen.queryByText('Enter a topic.')).not.toBeInTheDocument();
  });

  it('shows the live cost and sends a trimmed request without empty optional fields', async () => {
    const { user, submitted, onCreated } = setup();
    await user.type(screen.getByLabelText('Topic'), '  Tides of the North Sea ');
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '3');
    await user.selectOptions(screen.getByLabelText('Voice quality'), 'neural');
    expect(screen.getByTestId('form-cost')).toHaveTextContent(
      'Estimated cost: 6 slots of 50 remaining',
    );

    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(submitted).toEqual([{ topic: 'Tides of the North Sea', minutes: 3, quality: 'neural' }]);
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Episode queued (2 slots estimated).');
    expect(screen.getByLabelText('Topic')).toHaveValue('');
  });

  it('has an optional source link field, labelled and described by its hint', () => {
    setup();
    const link = screen.getByLabelText(/Source link/);
    expect(link).toHaveAccessibleName('Source link (optional)');
    expect(link).toHaveAttribute('type', 'url');
    expect(link).toHaveAttribute('maxLength', '2048');
    expect(link).toHaveAccessibleDescription(
      'A public web page, PDF or text file; Lumcast reads it instead of pasted text.',
    );
  });

  it('sends the source link, trimmed, in place of a source text', async () => {
    const { user, submitted } = setup();
    await user.type(screen.getByLabelText('Topic'), 'Tides');
    await user.type(screen.getByLabelText(/Source link/), '  https://example.org/tides.md ');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(submitted).toEqual([
      {
        topic: 'Tides',
        minutes: 1,
        quality: 'standard',
        sourceUrl: 'https://example.org/tides.md',
      },
    ]);
    expect(screen.getByLabelText(/Source link/)).toHaveValue('');
  });

  it('refuses a link that is not http or https beside the link field and sends nothing', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText('Topic'), 'Tides');
    const link = screen.getByLabelText(/Source link/);
    await user.type(link, 'ftp://example.org/tides.txt');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription(
      expect.stringContaining('Source link must be http or https.'),
    );
    expect(link).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for a source text or a source link, not both, and sends once one is removed', async () => {
    const { user, onSubmit, submitted } = setup();
    await user.type(screen.getByLabelText('Topic'), 'Tides');
    await user.type(screen.getByLabelText(/Source text/), 'The Moon pulls the sea.');
    const link = screen.getByLabelText(/Source link/);
    await user.type(link, 'https://example.org/tides');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(link).toHaveAccessibleDescription(
      expect.stringContaining('Give a source text or a source link, not both.'),
    );
    expect(screen.getByLabelText(/Source text/)).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/Source text/));
    expect(link).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(submitted).toEqual([
      { topic: 'Tides', minutes: 1, quality: 'standard', sourceUrl: 'https://example.org/tides' },
    ]);
  });

  it('has a Format select, labelled, with every format and the deep dive chosen', () => {
    setup();
    const format = screen.getByLabelText('Format');
    expect(format).toHaveAccessibleName('Format');
    expect(format).toHaveValue('deep-dive');
    expect(
      within(format)
        .getAllByRole('option')
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['deep-dive', 'Deep dive (two hosts explore the topic)'],
      ['brief', 'Brief (1–2 minutes)'],
      ['debate', 'Debate (the hosts take opposite sides)'],
      ['critique', 'Critique (strengths and weaknesses)'],
      ['lecture', 'Lecture (one host explains)'],
    ]);
  });

  it('offers only the default language until the options are known', () => {
    setup();
    const language = screen.getByLabelText('Language');
    expect(language).toHaveValue('en-US');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English (en-US)']);
  });

  it('offers every language of GET /api/options and sends the chosen one', async () => {
    const user = userEvent.setup();
    const submitted: CreatePodcastRequest[] = [];
    render(
      <NewEpisodeForm
        quota={{ remaining: 50, limit: 200 }}
        options={EPISODE_OPTIONS}
        onSubmit={async (request) => {
          submitted.push(request);
          return { jobId: 'job-1', status: 'queued' as const, estimatedCost: 2 };
        }}
      />,
    );
    const language = screen.getByLabelText('Language');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(EPISODE_OPTIONS.languages.map((entry) => entry.code));
    await fillIn(user, '3', 'neural');
    await user.selectOptions(language, 'es-MX');
    expect(screen.getByLabelText('Voice quality')).toHaveAccessibleDescription(
      expect.stringContaining('Neural: Andres, Mia'),
    );
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(submitted).toEqual([
      { topic: 'Volcanoes', minutes: 3, quality: 'neural', language: 'es-MX' },
    ]);
  });

  it('disables the qualities that have no voices in the chosen language', async () => {
    const user = userEvent.setup();
    render(
      <NewEpisodeForm
        quota={{ remaining: 50, limit: 200 }}
        options={EPISODE_OPTIONS}
        onSubmit={jest.fn()}
      />,
    );
    await user.selectOptions(screen.getByLabelText('Language'), 'fr-BE');
    const standard = within(screen.getByLabelText('Voice quality')).getByRole('option', {
      name: /^Standard/,
    });
    expect(standard).toBeDisabled();
    expect(standard).toHaveTextContent('(no voices in this language)');
  });

  it('moves the quality to one the new language has when the chosen one has no voices there', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn(async () => ({
      jobId: 'job-1',
      status: 'queued' as const,
      estimatedCost: 2,
    }));
    render(
      <NewEpisodeForm
        quota={{ remaining: 50, limit: 200 }}
        options={EPISODE_OPTIONS}
        onSubmit={onSubmit}
      />,
    );
    await user.type(screen.getByLabelText('Topic'), 'Lagunes');
    await user.selectOptions(screen.getByLabelText('Voice quality'), 'standard');
    await user.selectOptions(screen.getByLabelText('Format'), 'lecture');
    await user.selectOptions(screen.getByLabelText('Language'), 'fr-BE');
    expect(screen.getByLabelText('Language')).toHaveValue('fr-BE');
    expect(screen.getByLabelText('Voice quality')).toHaveValue('neural');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ language: 'fr-BE', quality: 'neural', format: 'lecture' }),
    );
  });

  it('puts the server’s 400 on the language beside the Language select, word for word', async () => {
    const user = userEvent.setup();
    const message = 'language must be one of de-DE, en-GB, en-US (got "pt-BR").';
    const api = refusingApi(400, { error: { code: 'invalid_field', message, field: 'language' } });
    render(<NewEpisodeForm quota={{ remaining: 50, limit: 200 }} onSubmit={api.createPodcast} />);
    await user.type(screen.getByLabelText('Topic'), 'Tides');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Language')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends the chosen format with the episode', async () => {
    const { user, submitted } = setup();
    await fillIn(user, '3', 'neural');
    await user.selectOptions(screen.getByLabelText('Format'), 'debate');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(submitted).toEqual([
      { topic: 'Volcanoes', minutes: 3, quality: 'neural', format: 'debate' },
    ]);
    // The format is kept for the next episode, like the quality.
    expect(screen.getByLabelText('Format')).toHaveValue('debate');
  });

  it('sends the hosts named in the Hosts field, split at commas', async () => {
    const { user, submitted } = setup();
    await fillIn(user, '3', 'neural');
    await user.type(screen.getByLabelText(/^Hosts/), ' Noor, Ivo ,, Kai ');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(submitted).toEqual([
      {
        topic: 'Volcanoes',
        minutes: 3,
        quality: 'neural',
        hosts: [{ name: 'Noor' }, { name: 'Ivo' }, { name: 'Kai' }],
      },
    ]);
  });

  it('refuses a lecture of two hosts beside the Hosts field, in the shared schema’s words, and sends nothing', async () => {
    const { user, onSubmit } = setup();
    await fillIn(user, '3', 'neural');
    await user.selectOptions(screen.getByLabelText('Format'), 'lecture');
    const hosts = screen.getByLabelText(/^Hosts/);
    expect(hosts).toHaveAccessibleDescription(expect.stringContaining('a lecture has one host'));
    await user.type(hosts, 'Noor, Ivo');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(hosts).toHaveAttribute('aria-invalid', 'true');
    expect(hosts).toHaveAccessibleDescription(
      expect.stringContaining('A lecture has exactly 1 host.'),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts the server’s 400 on one host’s name beside the Hosts field', async () => {
    const user = userEvent.setup();
    const message =
      'The generative quality has voices for at most 2 hosts; name fewer hosts or choose another quality.';
    const api = refusingApi(400, { error: { code: 'invalid_field', message, field: 'hosts' } });
    render(<NewEpisodeForm quota={{ remaining: 50, limit: 200 }} onSubmit={api.createPodcast} />);
    await user.type(screen.getByLabelText('Topic'), 'Tides');
    const hosts = screen.getByLabelText(/^Hosts/);
    await user.type(hosts, 'Noor, Ivo, Kai');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(hosts).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('form-refusal')).not.toBeInTheDocument();
  });

  it('refuses a brief over 2 minutes beside the minutes and sends nothing', async () => {
    const { user, onSubmit, submitted } = setup();
    await fillIn(user, '3', 'standard');
    await user.selectOptions(screen.getByLabelText('Format'), 'brief');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    const minutes = screen.getByLabelText('Minutes');
    expect(minutes).toHaveAttribute('aria-invalid', 'true');
    expect(minutes).toHaveAccessibleDescription('A brief is 2 minutes at most.');
    expect(minutes).toHaveFocus();
    expect(screen.getByLabelText('Format')).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(minutes);
    await user.type(minutes, '2');
    expect(minutes).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(submitted).toEqual([
      { topic: 'Volcanoes', minutes: 2, quality: 'standard', format: 'brief' },
    ]);
  });

  it('warns before sending a request that does not fit and sends it only when confirmed', async () => {
    const { user, onSubmit } = setup({ remaining: 5, limit: 200 });
    await user.type(screen.getByLabelText('Topic'), 'Volcanoes');
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '2');
    await user.selectOptions(screen.getByLabelText('Voice quality'), 'generative');
    expect(screen.getByTestId('form-fit-warning')).toHaveTextContent(
      'This costs 8 slots but only 5 remain this week. It will likely be refused unless slots free up.',
    );

    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit anyway' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('says when one episode alone is more than the whole weekly limit', async () => {
    const { user } = setup({ remaining: 10, limit: 10 });
    await user.type(screen.getByLabelText('Topic'), 'Everything');
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '3');
    await user.selectOptions(screen.getByLabelText('Voice quality'), 'generative');
    expect(screen.getByTestId('form-fit-warning')).toHaveTextContent(
      'more than your whole weekly limit of 10',
    );
  });

  it('hints that an episode will likely wait when the plan already runs as many as it allows', async () => {
    const { user, onSubmit } = setup({ remaining: 50, limit: 200, inFlight: 3, maxInFlight: 3 });
    await fillIn(user, '1', 'standard');
    expect(screen.getByTestId('form-fit-warning')).toHaveTextContent(
      'You have 3 episodes in progress, the most your plan runs at once.',
    );
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'quota_exhausted',
      429,
      {
        code: 'quota_exhausted',
        message:
          'This episode costs 8 slots but only 5 of 200 remain this week (4 are held by episodes in progress); they reset at 2026-12-07T00:00:00.000Z. Nothing was charged.',
        estimatedCost: 8,
        remaining: 5,
        reserved: 4,
        resetsAt: '2026-12-07T00:00:00.000Z',
        retryAt: '2026-12-07T00:00:00.000Z',
      },
    ],
    [
      'too_many_in_flight',
      429,
      {
        code: 'too_many_in_flight',
        message:
          'You already have 3 episodes in progress, the most your plan runs at once (3); start this one when one of them is done. Nothing was charged.',
        inFlight: 3,
        maxInFlight: 3,
        retryAt: '2026-12-03T13:05:00.000Z',
      },
    ],
    [
      'rate_limited',
      429,
      {
        code: 'rate_limited',
        message:
          'You have started as many episodes as your plan allows in one minute; try again at 2026-12-03T13:01:00.000Z. Nothing was charged.',
        retryAt: '2026-12-03T13:01:00.000Z',
      },
    ],
    [
      'quota_busy',
      429,
      {
        code: 'quota_busy',
        message:
          'Too many requests for your account at once; please try again in a few seconds. Nothing was charged.',
        retryAt: '2026-12-03T13:00:05.000Z',
      },
    ],
    [
      'exceeds_weekly_limit',
      422,
      {
        code: 'exceeds_weekly_limit',
        message: 'This episode costs 240 slots, more than the weekly limit of 200.',
        estimatedCost: 240,
        limit: 200,
      },
    ],
  ])(
    'shows the server’s own message word for word when it refuses with %s',
    async (_code, status, error) => {
      const user = userEvent.setup();
      const api = refusingApi(status, { error });
      const onRefused = jest.fn();
      render(
        <NewEpisodeForm
          quota={{ remaining: 50, limit: 200 }}
          onSubmit={api.createPodcast}
          onRefused={onRefused}
        />,
      );
      await fillIn(user, '1', 'standard');
      await user.click(screen.getByRole('button', { name: 'Make episode' }));
      const message = await screen.findByTestId('form-refusal-message');
      expect(message.textContent).toBe(error.message);
      expect(onRefused).toHaveBeenCalledWith(expect.objectContaining({ status, code: error.code }));
      expect(screen.getByTestId('form-refusal')).toHaveAttribute('role', 'alert');
      expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    },
  );

  it('shows the server’s refusal instead of its own hint, and says in local time when to try again', async () => {
    const user = userEvent.setup();
    const message =
      'This episode costs 8 slots but only 3 of 250 remain this week (4 are held by episodes in progress); they reset at 2026-12-07T00:00:00.000Z. Nothing was charged.';
    const api = refusingApi(429, {
      error: {
        code: 'quota_exhausted',
        message,
        estimatedCost: 8,
        remaining: 3,
        reserved: 4,
        resetsAt: '2026-12-07T00:00:00.000Z',
        retryAt: '2026-12-07T00:00:00.000Z',
      },
    });
    render(<NewEpisodeForm quota={{ remaining: 5, limit: 200 }} onSubmit={api.createPodcast} />);
    await fillIn(user, '2', 'generative');
    expect(screen.getByTestId('form-fit-warning')).toHaveTextContent('only 5 remain');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    await user.click(screen.getByRole('button', { name: 'Submit anyway' }));

    expect((await screen.findByTestId('form-refusal-message')).textContent).toBe(message);
    expect(screen.queryByTestId('form-fit-warning')).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    const retry = screen.getByTestId('form-refusal').querySelector('time');
    expect(retry).toHaveAttribute('dateTime', '2026-12-07T00:00:00.000Z');
    expect(retry).toHaveTextContent('2026');

    // Changing the draft puts the hint back: the refusal was for the episode as it was.
    await user.type(screen.getByLabelText('Topic'), '!');
    expect(screen.queryByTestId('form-refusal')).not.toBeInTheDocument();
    expect(screen.getByTestId('form-fit-warning')).toBeInTheDocument();
  });

  it('puts the server’s 400 on the source link beside the link field, word for word', async () => {
    const user = userEvent.setup();
    const message = 'sourceUrl must be an absolute URL such as https://example.com/article.';
    const api = refusingApi(400, { error: { code: 'invalid_field', message, field: 'sourceUrl' } });
    const onRefused = jest.fn();
    render(
      <NewEpisodeForm
        quota={{ remaining: 50, limit: 200 }}
        onSubmit={api.createPodcast}
        onRefused={onRefused}
      />,
    );
    await user.type(screen.getByLabelText('Topic'), 'Tides');
    const link = screen.getByLabelText(/Source link/);
    await user.type(link, 'https://example.org/tides');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.queryByTestId('form-refusal')).not.toBeInTheDocument();
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('puts the server’s 400 on the format beside the Format select, word for word', async () => {
    const user = userEvent.setup();
    const message = 'format must be one of deep-dive, brief, debate, critique (got "debate")';
    const api = refusingApi(400, { error: { code: 'invalid_field', message, field: 'format' } });
    const onRefused = jest.fn();
    render(
      <NewEpisodeForm
        quota={{ remaining: 50, limit: 200 }}
        onSubmit={api.createPodcast}
        onRefused={onRefused}
      />,
    );
    await user.type(screen.getByLabelText('Topic'), 'Tides');
    const format = screen.getByLabelText('Format');
    await user.selectOptions(format, 'debate');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(format).toHaveAttribute('aria-invalid', 'true');
    expect(format).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText('Minutes')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByTestId('form-refusal')).not.toBeInTheDocument();
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('puts an API validation error beside the field it names', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn(async () => {
      throw new ApiError('Series ids may not contain spaces.', {
        status: 400,
        code: 'invalid_request',
        field: 'seriesId',
      });
    });
    render(<NewEpisodeForm quota={{ remaining: 50, limit: 200 }} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Topic'), 'Tides');
    await user.type(screen.getByLabelText(/Series/), 'a b');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(screen.getByLabelText(/Series/)).toHaveAccessibleDescription(
      expect.stringContaining('Series ids may not contain spaces.'),
    );
  });

  describe('the Source file field', () => {
    function setupUpload(upload: (file: File, contentType: string) => Promise<string>) {
      const submitted: CreatePodcastRequest[] = [];
      const onSubmit = jest.fn(async (request: CreatePodcastRequest) => {
        submitted.push(request);
        return { jobId: 'job-1', status: 'queued' as const, estimatedCost: 1 };
      });
      const onUpload = jest.fn(upload);
      render(
        <NewEpisodeForm
          quota={{ remaining: 50, limit: 200 }}
          onSubmit={onSubmit}
          onUpload={onUpload}
        />,
      );
      return { user: userEvent.setup({ applyAccept: false }), onSubmit, onUpload, submitted };
    }

    it('uploads the chosen file as its type, then sends the episode with the sourceId it got', async () => {
      const { user, onUpload, submitted } = setupUpload(
        async () => 'src-AAAAAAAAAAAAAAAAAAAAAA.pdf',
      );
      await user.type(screen.getByLabelText('Topic'), 'Lagoons');
      const pdf = new File(['%PDF-1.7 lagoons'], 'lagoons.pdf', { type: 'application/pdf' });
      await user.upload(screen.getByLabelText(/Source file/), pdf);
      await user.click(screen.getByRole('button', { name: 'Make episode' }));
      expect(await screen.findByText(/Episode queued/)).toBeInTheDocument();
      expect(onUpload).toHaveBeenCalledWith(pdf, 'application/pdf');
      expect(submitted).toEqual([
        expect.objectContaining({ topic: 'Lagoons', sourceId: 'src-AAAAAAAAAAAAAAAAAAAAAA.pdf' }),
      ]);
    });

    it('takes a Markdown file by its name when the browser names no type', async () => {
      const { user, onUpload } = setupUpload(async () => 'src-AAAAAAAAAAAAAAAAAAAAAA.md');
      await user.type(screen.getByLabelText('Topic'), 'Lagoons');
      await user.upload(screen.getByLabelText(/Source file/), new File(['# Lagoons'], 'notes.md'));
      await user.click(screen.getByRole('button', { name: 'Make episode' }));
      expect(await screen.findByText(/Episode queued/)).toBeInTheDocument();
      expect(onUpload).toHaveBeenCalledWith(expect.any(File), 'text/markdown');
    });

    it.each([
      [
        'an image',
        new File(['png'], 'photo.png', { type: 'image/png' }),
        'Choose a PDF, HTML, Markdown (.md) or plain-text (.txt) file.',
      ],
      [
        'a file over 10 MB',
        new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }),
        'The file is 10.0 MB; the limit is 10 MB.',
      ],
      ['an empty file', new File([], 'empty.txt', { type: 'text/plain' }), 'The file is empty.'],
    ])('refuses %s beside the field and uploads nothing', async (_what, file, message) => {
      const { user, onUpload, onSubmit } = setupUpload(async () => 'unused');
      await user.type(screen.getByLabelText('Topic'), 'Lagoons');
      const input = screen.getByLabelText(/Source file/);
      await user.upload(input, file);
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
      await user.click(screen.getByRole('button', { name: 'Make episode' }));
      expect(input).toHaveFocus();
      expect(onUpload).not.toHaveBeenCalled();
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it('refuses a file together with a source text: one source at most', async () => {
      const { user, onUpload } = setupUpload(async () => 'unused');
      await user.type(screen.getByLabelText('Topic'), 'Lagoons');
      await user.type(screen.getByLabelText(/Source text/), 'Lagoons are shallow.');
      const input = screen.getByLabelText(/Source file/);
      await user.upload(input, new File(['Lagoons'], 'notes.txt', { type: 'text/plain' }));
      await user.click(screen.getByRole('button', { name: 'Make episode' }));
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining(
          'Give one source: a source text, a source link or a file, not more.',
        ),
      );
      expect(onUpload).not.toHaveBeenCalled();
    });

    it('shows an upload refusal beside the field and sends no episode', async () => {
      const { user, onSubmit } = setupUpload(async () => {
        throw new UploadError('The file is over the 10 MB limit.', {
          status: 413,
          code: 'too_big',
        });
      });
      await user.type(screen.getByLabelText('Topic'), 'Lagoons');
      const input = screen.getByLabelText(/Source file/);
      await user.upload(input, new File(['Lagoons'], 'notes.txt', { type: 'text/plain' }));
      await user.click(screen.getByRole('button', { name: 'Make episode' }));
      expect(await screen.findByText('The file is over the 10 MB limit.')).toBeInTheDocument();
      expect(input).toHaveAccessibleDescription(
        expect.stringContaining('The file is over the 10 MB limit.'),
      );
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it('is not offered when the dashboard cannot upload', () => {
      render(<NewEpisodeForm quota={{ remaining: 50, limit: 200 }} onSubmit={jest.fn()} />);
      expect(screen.queryByLabelText(/Source file/)).not.toBeInTheDocument();
    });
  });
});
