'use client';

import { useEffect, useId, useState } from 'react';
import type { Job } from '../api/types';
import { chapterStarts } from '../domain/script-draft';
import { quoteSentence, slotCount } from '../domain/script-quote';
import {
  useScriptEditor,
  type ScriptApi,
  type ScriptEditorEvents,
  type ScriptEditorState,
} from '../hooks/use-script-editor';
import { EpisodeRefusal } from './episode-refusal';
import { PanelError, PanelSkeleton } from './panel';
import { ScriptTurn, turnControlIds } from './script-turn';

/** What the render button says: its verb, and the quote once the turns as they are have one. */
function renderLabel(editor: ScriptEditorState, verb: string): string {
  if (editor.busy === 'rendering') return `${verb === 'Render' ? 'Rendering' : 'Re-rendering'}…`;
  if (editor.quote === undefined) return `${verb} (working out the quote…)`;
  return `${verb} for ${slotCount(editor.quote.estimatedCost)}`;
}

/** Why the render button cannot be pressed now, if it cannot. */
function renderBlocked(editor: ScriptEditorState): string | undefined {
  if (editor.turns.length === 0) return 'Add a turn: a script needs at least one.';
  if (editor.dirty) return 'Save your changes first: a render speaks a saved version.';
  if (editor.quoteError !== undefined) return 'The script has no quote; fix what it says first.';
  return undefined;
}

/**
 * The script editor of one job (a draft under review, or a ready episode): its turns, each
 * with a speaker, a text, and buttons to move, add and remove; the quote of the turns as they
 * are, asked again as you type; "Save changes" (`PUT …/script`), and "Render for N slots"
 * (or "Re-render" for a ready episode) with the saved version. Refusals show as the server
 * words them; a 400 on one turn moves the focus to that turn's field.
 */
export function ScriptEditor(
  props: ScriptEditorEvents & { api: ScriptApi; job: Job; onClose: () => void },
) {
  const { job } = props;
  const editor = useScriptEditor(props.api, job.jobId, props);
  const base = useId();
  const [focusId, setFocusId] = useState<string | undefined>();
  const verb = job.status === 'ready' ? 'Re-render' : 'Render';
  const script = editor.script.data;
  const hosts = script?.hosts.map((host) => host.name) ?? [];
  const chapters = script ? chapterStarts(script) : new Map<string, string>();
  const busy = editor.busy !== undefined;
  const blocked = renderBlocked(editor);

  // Keep the focus where the user acts after the list changes (a moved turn's DOM node moves).
  useEffect(() => {
    if (focusId === undefined) return;
    document.getElementById(focusId)?.focus();
    setFocusId(undefined);
  }, [focusId, editor.turns]);

  // A turn the server refused gets the focus, on its refused field.
  const { problem, problemSeq } = editor;
  useEffect(() => {
    if (problemSeq === 0 || problem === undefined) return;
    const ids = turnControlIds(base, problem.key);
    document.getElementById(problem.field === 'speaker' ? ids.speaker : ids.text)?.focus();
  }, [problemSeq, problem, base]);

  function moved(index: number, by: -1 | 1) {
    const turn = editor.turns[index];
    if (turn === undefined) return;
    editor.move(index, by);
    const to = index + by;
    const ids = turnControlIds(base, turn.key);
    const atEdge = to === 0 || to === editor.turns.length - 1;
    setFocusId(atEdge ? (by === -1 ? ids.down : ids.up) : by === -1 ? ids.up : ids.down);
  }

  function removed(index: number) {
    const neighbour = editor.turns[index + 1] ?? editor.turns[index - 1];
    editor.remove(index);
    setFocusId(neighbour ? turnControlIds(base, neighbour.key).text : `${base}-add`);
  }

  function inserted(after: number) {
    setFocusId(turnControlIds(base, editor.insert(after)).text);
  }

  return (
    <section
      className="script-editor"
      aria-labelledby={`${base}-title`}
      aria-busy={editor.script.loading ? true : undefined}
      data-testid="script-editor"
    >
      <h4 id={`${base}-title`} className="script-editor__title">
        Script of “{job.topic}”{script ? ` · version ${script.version}` : ''}
      </h4>
      {editor.script.error !== undefined ? (
        <PanelError
          error={editor.script.error}
          onRetry={() => void editor.reload()}
          what="The script could not load."
        />
      ) : null}
      {script === undefined ? (
        editor.script.error === undefined ? (
          <PanelSkeleton lines={4} label="Loading the script…" />
        ) : null
      ) : (
        <>
          <p className="muted">
            Hosts: {hosts.join(', ')}. Edit, add, remove or reorder turns; the quote follows as you
            type. {job.status === 'ready' ? 'A re-render speaks only the turns that changed.' : ''}
          </p>
          <ol className="script-turns" aria-label={`Turns of “${job.topic}”`}>
            {editor.turns.map((turn, index) => (
              <ScriptTurn
                key={turn.key}
                base={base}
                turn={turn}
                index={index}
                count={editor.turns.length}
                hosts={hosts}
                chapter={turn.id === undefined ? undefined : chapters.get(turn.id)}
                problem={editor.problem?.key === turn.key ? editor.problem : undefined}
                disabled={busy}
                onChange={(change) => editor.change(index, change)}
                onMove={(by) => moved(index, by)}
                onInsert={() => inserted(index)}
                onRemove={() => removed(index)}
              />
            ))}
          </ol>
          <button
            type="button"
            id={`${base}-add`}
            className="button button--secondary"
            disabled={busy}
            onClick={() => inserted(editor.turns.length - 1)}
          >
            Add a turn at the end
          </button>
          <p className="script-editor__quote" data-testid="script-quote" aria-live="polite">
            {editor.quote
              ? quoteSentence(editor.quote)
              : (editor.quoteError ?? 'Working out the quote…')}
          </p>
          {editor.message?.kind === 'alert' ? (
            <p className="panel-error" role="alert" data-testid="script-alert">
              {editor.message.text}
            </p>
          ) : null}
          {editor.refusal ? <EpisodeRefusal refusal={editor.refusal} /> : null}
          <div className="script-editor__actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy || !editor.dirty}
              onClick={() => void editor.save()}
            >
              {editor.busy === 'saving' ? 'Saving…' : 'Save changes'}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy || blocked !== undefined || editor.quote === undefined}
              aria-describedby={blocked === undefined ? undefined : `${base}-blocked`}
              onClick={() => void editor.render()}
            >
              {renderLabel(editor, verb)}
            </button>
            <button type="button" className="button button--secondary" onClick={props.onClose}>
              Close
            </button>
          </div>
          {blocked === undefined ? null : (
            <p id={`${base}-blocked`} className="hint">
              {blocked}
            </p>
          )}
        </>
      )}
      <p role="status" className="script-editor__status">
        {editor.message?.kind === 'status' ? editor.message.text : ''}
      </p>
    </section>
  );
}
