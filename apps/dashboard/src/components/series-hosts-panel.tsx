'use client';

import { useEffect, useId, useState } from 'react';
import type { EpisodeOptions } from '../api/types';
import {
  HOST_VOICE_QUALITIES,
  PERSONA_MAX_CHARS,
  voiceGroups,
  type DraftHost,
  type HostField,
  type HostProblem,
} from '../domain/host-profiles';
import { useSeriesHosts, type SeriesHostsApi } from '../hooks/use-series-hosts';
import { QUALITY_LABELS } from './cost-calculator';
import { Field } from './field';
import { Panel, PanelError, PanelSkeleton } from './panel';

/** The most hosts an episode can have: the largest of the formats' host counts, or 3. */
function mostHosts(options: EpisodeOptions | undefined): number {
  const counts = options?.formats.map((format) => format.hosts.max) ?? [];
  return counts.length === 0 ? 3 : Math.max(...counts);
}

/** One host profile: name, persona (with its count), and a voice per quality. */
function HostFields(props: {
  base: string;
  host: DraftHost;
  index: number;
  options?: EpisodeOptions;
  problems: readonly HostProblem[];
  disabled: boolean;
  onChange: (change: Partial<Omit<DraftHost, 'key'>>) => void;
  onRemove: () => void;
}) {
  const { host, index } = props;
  const number = index + 1;
  const id = (field: HostField) => `${props.base}-${host.key}-${field}`;
  const error = (field: HostField) =>
    props.problems.find((problem) => problem.index === index && problem.field === field)?.message;
  const personaLength = host.persona.trim().length;
  return (
    <fieldset className="host-profile" data-testid="host-profile">
      <legend>Host {number}</legend>
      <Field id={id('name')} label="Name" error={error('name')}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            value={host.name}
            disabled={props.disabled}
            onChange={(event) => props.onChange({ name: event.target.value })}
          />
        )}
      </Field>
      <Field
        id={id('persona')}
        label={
          <>
            Persona <span className="muted">(optional)</span>
          </>
        }
        hint={`Who they are and how they speak. ${personaLength.toLocaleString('en-US')} of ${PERSONA_MAX_CHARS.toLocaleString('en-US')} characters.`}
        error={error('persona')}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={host.persona}
            disabled={props.disabled}
            onChange={(event) => props.onChange({ persona: event.target.value })}
          />
        )}
      </Field>
      {HOST_VOICE_QUALITIES.map((quality) => (
        <Field
          key={quality}
          id={id(quality)}
          label={`${QUALITY_LABELS[quality]} voice`}
          error={error(quality)}
        >
          {(control) => (
            <select
              {...control}
              value={host.voices[quality]}
              disabled={props.disabled}
              onChange={(event) =>
                props.onChange({ voices: { ...host.voices, [quality]: event.target.value } })
              }
            >
              <option value="">The language’s default voice</option>
              {voiceGroups(props.options, quality).map((group) => (
                <optgroup key={group.language} label={group.language}>
                  {group.voices.map((voice) => (
                    <option key={voice} value={voice}>
                      {voice}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          )}
        </Field>
      ))}
      <button
        type="button"
        className="button button--danger button--small"
        disabled={props.disabled}
        onClick={props.onRemove}
      >
        Remove host {number}
      </button>
    </fieldset>
  );
}

/**
 * Series hosts: for one of the user's series, its host profiles — a name, a persona of at most
 * `PERSONA_MAX_CHARS` characters (counted as you type), and a voice per quality from
 * `GET /api/options` — read with `GET` and saved with `PUT /api/series/{seriesId}/hosts`.
 * Episodes made in the series afterwards use them.
 */
export function SeriesHostsPanel(props: {
  api: SeriesHostsApi;
  seriesIds: readonly string[];
  options?: EpisodeOptions;
}) {
  const base = useId();
  const [chosen, setChosen] = useState<string | undefined>();
  const seriesId =
    chosen !== undefined && props.seriesIds.includes(chosen) ? chosen : props.seriesIds[0];
  const state = useSeriesHosts(props.api, seriesId);
  const [focusId, setFocusId] = useState<string | undefined>();
  const most = mostHosts(props.options);

  useEffect(() => {
    if (focusId === undefined) return;
    document.getElementById(focusId)?.focus();
    setFocusId(undefined);
  }, [focusId, state.hosts, state.problems]);

  async function save() {
    const problem = await state.save();
    const host = problem === undefined ? undefined : state.hosts[problem.index];
    if (problem && host) setFocusId(`${base}-${host.key}-${problem.field}`);
  }

  return (
    <Panel title="Series hosts" className="panel--hosts" busy={state.loaded.loading}>
      {seriesId === undefined ? (
        <p className="muted">
          Make an episode in a series first; you can then give the series hosts of its own here.
        </p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${base}-series`}>Series</label>
            <select
              id={`${base}-series`}
              value={seriesId}
              onChange={(event) => setChosen(event.target.value)}
            >
              {props.seriesIds.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </div>
          {state.loaded.error !== undefined ? (
            <PanelError
              error={state.loaded.error}
              onRetry={() => void state.reload()}
              what={`The hosts of ${seriesId} could not load.`}
            />
          ) : state.loaded.data === undefined ? (
            <PanelSkeleton lines={3} label={`Loading the hosts of ${seriesId}…`} />
          ) : (
            <form
              className="hosts-form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void save();
              }}
            >
              {state.hosts.length === 0 ? (
                <p className="muted">
                  No host profiles: episodes of {seriesId} use the hosts each one asks for.
                </p>
              ) : null}
              {state.hosts.map((host, index) => (
                <HostFields
                  key={host.key}
                  base={base}
                  host={host}
                  index={index}
                  options={props.options}
                  problems={state.problems}
                  disabled={state.saving}
                  onChange={(change) => state.update(index, change)}
                  onRemove={() => {
                    state.remove(index);
                    setFocusId(`${base}-add`);
                  }}
                />
              ))}
              {state.alert ? (
                <p className="panel-error" role="alert">
                  {state.alert}
                </p>
              ) : null}
              <div className="hosts-form__actions">
                <button
                  type="button"
                  id={`${base}-add`}
                  className="button button--secondary"
                  disabled={state.saving || state.hosts.length >= most}
                  onClick={() => setFocusId(`${base}-${state.add()}-name`)}
                >
                  Add a host
                </button>
                <button type="submit" className="button" disabled={state.saving}>
                  {state.saving ? 'Saving…' : 'Save hosts'}
                </button>
              </div>
            </form>
          )}
          <p role="status" className="hosts-form__status">
            {state.status}
          </p>
        </>
      )}
    </Panel>
  );
}
