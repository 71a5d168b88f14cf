'use client';

import { useId, useRef, useState } from 'react';
import type { ApiError } from '../api/errors';
import type { Job, RenderAccepted } from '../api/types';
import type { ScriptApi } from '../hooks/use-script-editor';
import { RenderList } from './render-list';
import { ScriptEditor } from './script-editor';

/**
 * What an episode card needs to review and edit scripts: the API, which jobs are being
 * re-rendered (by the version being spoken), and what to do when a render starts, a 429
 * refuses one, or a job changed under the editor.
 */
export interface EpisodeScriptActions {
  api: ScriptApi;
  rendering: ReadonlyMap<string, number>;
  onRendered: (job: Job, accepted: RenderAccepted) => void;
  onRefused: (error: ApiError) => void;
  onJobChanged: () => void;
}

/**
 * The script part of an episode card: "Review script" on a draft (`script_ready`), "Edit script"
 * on a ready episode, opening the {@link ScriptEditor}; what is being re-rendered; and the
 * episode's renders.
 */
export function EpisodeScript(props: { job: Job; actions: EpisodeScriptActions }) {
  const { job, actions } = props;
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const editorId = useId();
  const rendering = actions.rendering.get(job.jobId);
  const editable = job.status === 'script_ready' || job.status === 'ready';

  function close() {
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    <div className="episode-script">
      {rendering !== undefined && editable ? (
        <p className="episode__stage" role="status" data-testid="episode-rendering">
          {job.status === 'ready'
            ? `Re-rendering version ${rendering}: the episode keeps its current audio until the new one is ready.`
            : `Rendering version ${rendering}…`}
        </p>
      ) : null}
      <RenderList topic={job.topic} renders={job.renders} />
      {editable && rendering === undefined ? (
        <button
          type="button"
          ref={toggle}
          className="button button--secondary"
          aria-expanded={open}
          aria-controls={open ? editorId : undefined}
          onClick={() => setOpen((was) => !was)}
        >
          {job.status === 'script_ready' ? 'Review script' : 'Edit script'}
        </button>
      ) : null}
      {open && editable && rendering === undefined ? (
        <div id={editorId}>
          <ScriptEditor
            api={actions.api}
            job={job}
            onClose={close}
            onRendered={(accepted) => {
              setOpen(false);
              actions.onRendered(job, accepted);
            }}
            onRefused={actions.onRefused}
            onJobChanged={actions.onJobChanged}
          />
        </div>
      ) : null}
    </div>
  );
}
