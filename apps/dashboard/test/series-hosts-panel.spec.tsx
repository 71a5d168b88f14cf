import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../src/api/errors';
import type { EpisodeOptions, SeriesHosts, SeriesHostsEdit } from '../src/api/types';
import { SeriesHostsPanel } from '../src/components/series-hosts-panel';
import type { SeriesHostsApi } from '../src/hooks/use-series-hosts';

const OPTIONS: EpisodeOptions = {
  languages: [
    {
      code: 'en-US',
      name: 'English (en-US)',
      qualities: [
        { quality: 'standard', voices: ['Joanna', 'Matthew'], maxHosts: 3 },
        { quality: 'neural', voices: ['Ruth', 'Gregory'], maxHosts: 3 },
      ],
    },
    {
      code: 'es-ES',
      name: 'Spanish (es-ES)',
      qualities: [{ quality: 'neural', voices: ['Lucia'], maxHosts: 2 }],
    },
  ],
  formats: [{ format: 'deep-dive', hosts: { min: 2, max: 3 } }],
  minutes: { min: 1, max: 60 },
  defaultLanguage: 'en-US',
};

/**
 * An in-memory stand-in for `/api/series/{seriesId}/hosts`: profiles per series (none until
 * set), a PUT answered with what it keeps; `refuseNext` makes the next PUT a 400.
 */
function fakeHostsApi(initial: Record<string, SeriesHosts['hosts']> = {}) {
  const kept = new Map(Object.entries(initial));
  const calls = { get: [] as string[], put: [] as [string, SeriesHostsEdit][] };
  let refusal: ApiError | undefined;
  const api: SeriesHostsApi = {
    getSeriesHosts: async (seriesId) => {
      calls.get.push(seriesId);
      return { seriesId, hosts: kept.get(seriesId) ?? [] };
    },
    putSeriesHosts: async (seriesId, edit) => {
      calls.put.push([seriesId, edit]);
      if (refusal) {
        const error = refusal;
        refusal = undefined;
        throw error;
      }
      kept.set(seriesId, edit.hosts);
      return { seriesId, hosts: edit.hosts };
    },
  };
  return {
    api,
    calls,
    refuseNext: (error: ApiError) => {
      refusal = error;
    },
  };
}

const host = (number: number) => screen.getByRole('group', { name: `Host ${number}` });

describe('SeriesHostsPanel', () => {
  it('loads the first series’ hosts, and another series’ when it is chosen', async () => {
    const hosts = fakeHostsApi({
      moons: [{ name: 'Ivo' }],
      rivers: [{ name: 'Noor', persona: 'A calm geologist.', voices: { neural: 'Ruth' } }],
    });
    const user = userEvent.setup();
    render(<SeriesHostsPanel api={hosts.api} seriesIds={['moons', 'rivers']} options={OPTIONS} />);

    expect(
      await within(await screen.findByRole('group', { name: 'Host 1' })).findByRole('textbox', {
        name: 'Name',
      }),
    ).toHaveValue('Ivo');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Series' }), 'rivers');
    await waitFor(() =>
      expect(within(host(1)).getByRole('textbox', { name: 'Name' })).toHaveValue('Noor'),
    );
    expect(within(host(1)).getByRole('textbox', { name: /Persona/ })).toHaveValue(
      'A calm geologist.',
    );
    expect(within(host(1)).getByRole('combobox', { name: 'Neural voice' })).toHaveValue('Ruth');
    expect(within(host(1)).getByRole('combobox', { name: 'Standard voice' })).toHaveValue('');
    expect(hosts.calls.get).toEqual(['moons', 'rivers']);
  });

  it('edits a host’s name, persona (counted as typed) and voices from the options, and saves them', async () => {
    const hosts = fakeHostsApi();
    const user = userEvent.setup();
    render(<SeriesHostsPanel api={hosts.api} seriesIds={['rivers']} options={OPTIONS} />);
    expect(await screen.findByText(/No host profiles: episodes of rivers/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add a host' }));
    const name = within(host(1)).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    await user.type(name, 'Noor');
    const persona = within(host(1)).getByRole('textbox', { name: /Persona/ });
    await user.type(persona, 'A calm geologist.');
    expect(persona).toHaveAccessibleDescription(
      'Who they are and how they speak. 17 of 1,000 characters.',
    );
    const neural = within(host(1)).getByRole('combobox', { name: 'Neural voice' });
    expect(
      within(neural)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['English (en-US)', 'Spanish (es-ES)']);
    await user.selectOptions(neural, 'Lucia');
    await user.click(screen.getByRole('button', { name: 'Save hosts' }));

    expect(
      await screen.findByText(
        'Saved the hosts of rivers. Episodes made in the series from now on use them.',
      ),
    ).toBeVisible();
    expect(hosts.calls.put).toEqual([
      [
        'rivers',
        { hosts: [{ name: 'Noor', persona: 'A calm geologist.', voices: { neural: 'Lucia' } }] },
      ],
    ]);
  });

  it.each([
    ['an unnamed host', { name: '   ' }, 'Name', 'Name the host.'],
    [
      'a persona over 1,000 characters',
      { name: 'Noor', persona: 'x'.repeat(1_001) },
      'Persona (optional)',
      'Keep the persona to 1,000 characters (now 1,001).',
    ],
  ])(
    'keeps %s from being sent and says why beside the field, with the focus on it',
    async (_case, profile, label, message) => {
      const hosts = fakeHostsApi({ rivers: [profile] });
      const user = userEvent.setup();
      render(<SeriesHostsPanel api={hosts.api} seriesIds={['rivers']} options={OPTIONS} />);
      await screen.findByRole('group', { name: 'Host 1' });

      await user.click(screen.getByRole('button', { name: 'Save hosts' }));
      const field = within(host(1)).getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(field).toHaveFocus();
      expect(hosts.calls.put).toEqual([]);
    },
  );

  it('shows a refusal that names one host’s voice beside that voice', async () => {
    const hosts = fakeHostsApi({ rivers: [{ name: 'Noor' }, { name: 'Ivo' }] });
    const user = userEvent.setup();
    render(<SeriesHostsPanel api={hosts.api} seriesIds={['rivers']} options={OPTIONS} />);
    await screen.findByRole('group', { name: 'Host 2' });
    const message = 'hosts.1.voices.neural: Ruth is already the neural voice of host 0.';
    hosts.refuseNext(
      new ApiError(message, { status: 400, code: 'invalid_field', field: 'hosts.1.voices.neural' }),
    );

    await user.click(screen.getByRole('button', { name: 'Save hosts' }));
    const voice = within(host(2)).getByRole('combobox', { name: 'Neural voice' });
    await waitFor(() => expect(voice).toHaveAttribute('aria-invalid', 'true'));
    expect(voice).toHaveAccessibleDescription(message);
    expect(voice).toHaveFocus();
  });

  it('removes a host and saves the rest, and says a series needs an episode before it has hosts', async () => {
    const hosts = fakeHostsApi({ rivers: [{ name: 'Noor' }, { name: 'Ivo' }] });
    const user = userEvent.setup();
    const { rerender } = render(
      <SeriesHostsPanel api={hosts.api} seriesIds={['rivers']} options={OPTIONS} />,
    );
    await screen.findByRole('group', { name: 'Host 2' });
    await user.click(screen.getByRole('button', { name: 'Remove host 1' }));
    await user.click(screen.getByRole('button', { name: 'Save hosts' }));
    await waitFor(() =>
      expect(hosts.calls.put).toEqual([['rivers', { hosts: [{ name: 'Ivo' }] }]]),
    );

    rerender(<SeriesHostsPanel api={hosts.api} seriesIds={[]} options={OPTIONS} />);
    expect(
      screen.getByText(
        'Make an episode in a series first; you can then give the series hosts of its own here.',
      ),
    ).toBeVisible();
  });
});
