'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { ApiError, describeError } from '../api/errors';
import type { RenderAccepted, Script, ScriptQuote } from '../api/types';
import { refusalOf, type Refusal } from '../components/episode-refusal';
import {
  changeTurn,
  draftTurnsOf,
  editOf,
  insertTurn,
  isEdited,
  moveTurn,
  removeTurn,
  turnProblemOf,
  type DraftTurn,
  type TurnProblem,
} from '../domain/script-draft';
import { slotCount } from '../domain/script-quote';
import type { Resource } from './resource';

/** What the script editor asks of the HTTP API. */
export type ScriptApi = Pick<
  ApiClient,
  'getPodcastScript' | 'putPodcastScript' | 'quotePodcastScript' | 'renderPodcast'
>;

/** How long the editor waits after the last change before it asks for a new quote. */
export const QUOTE_DELAY_MS = 400;

/** A sentence for the editor's status line (`status`) or its alert (`alert`). */
export interface EditorMessage {
  kind: 'status' | 'alert';
  text: string;
}

/** The quote of some turns: the turns it is for, and the answer or why there is none. */
interface QuoteState {
  turns?: readonly DraftTurn[];
  data?: ScriptQuote;
  error?: string;
  loading: boolean;
}

/** What the script editor is told of, beyond its own state. */
export interface ScriptEditorEvents {
  /** A render was accepted: the job is being spoken. */
  onRendered?: (accepted: RenderAccepted) => void;
  /** The server refused a render or an edit with a 429 (the quota shown may be out of date). */
  onRefused?: (error: ApiError) => void;
  /** The job is not what the editor thought (409 `script_not_editable`): reload it. */
  onJobChanged?: () => void;
  quoteDelayMs?: number;
}

/**
 * The state of one job's script editor: the saved script, the turns as edited, the quote of
 * those turns (asked {@link QUOTE_DELAY_MS} after the last change; an older answer never
 * replaces a newer one), and save and render with the server's refusals: a 409 reloads the
 * script and says so, a 400 `invalid_turn` names the turn and field (`problem`), a 429 is the
 * server's refusal word for word.
 *
 * @example
 * ```ts
 * const editor = useScriptEditor(api, job.jobId, { onRendered: () => void reloadJobs() });
 * editor.change(0, { text: 'Welcome back.' });
 * await editor.save();
 * ```
 */
export function useScriptEditor(api: ScriptApi, jobId: string, events: ScriptEditorEvents = {}) {
  const [script, setScript] = useState<Resource<Script>>({ loading: true });
  const [saved, setSaved] = useState<DraftTurn[]>([]);
  const [turns, setTurns] = useState<DraftTurn[]>([]);
  const [quote, setQuote] = useState<QuoteState>({ loading: false });
  const [problem, setProblem] = useState<TurnProblem | undefined>();
  /** Counts the refusals that name a turn, so the editor can move the focus to each one. */
  const [problemSeq, setProblemSeq] = useState(0);
  const [message, setMessage] = useState<EditorMessage | undefined>();
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const [busy, setBusy] = useState<'saving' | 'rendering' | undefined>();
  const newTurns = useRef(0);
  const eventsRef = useRef(events);
  eventsRef.current = events;
  const delay = events.quoteDelayMs ?? QUOTE_DELAY_MS;

  const show = useCallback((next: Script) => {
    const loaded = draftTurnsOf(next);
    setScript({ data: next, loading: false });
    setSaved(loaded);
    setTurns(loaded);
    setProblem(undefined);
  }, []);

  const load = useCallback(async (): Promise<Script | undefined> => {
    setScript((previous) => ({ ...previous, loading: true }));
    try {
      const next = await api.getPodcastScript(jobId);
      show(next);
      return next;
    } catch (error) {
      setScript((previous) => ({ ...previous, error, loading: false }));
      return undefined;
    }
  }, [api, jobId, show]);

  useEffect(() => {
    void load();
  }, [load]);

  const version = script.data?.version;
  useEffect(() => {
    if (version === undefined) return undefined;
    let current = true;
    setQuote((previous) => ({ ...previous, loading: true }));
    const timer = setTimeout(() => {
      api.quotePodcastScript(jobId, editOf(version, turns)).then(
        (data) => {
          if (!current) return;
          setQuote({ turns, data, loading: false });
          setProblem(undefined);
        },
        (error: unknown) => {
          if (!current) return;
          setQuote({ turns, error: describeError(error), loading: false });
          if (error instanceof ApiError) setProblem(turnProblemOf(error, turns));
        },
      );
    }, delay);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, jobId, version, turns, delay]);

  function edited(next: DraftTurn[]) {
    setTurns(next);
    setMessage(undefined);
    setRefusal(undefined);
  }

  /** A refused save or render, shown as the server meant it. */
  async function refused(error: unknown, sent: readonly DraftTurn[], what: 'saved' | 'rendered') {
    if (!(error instanceof ApiError)) {
      setMessage({ kind: 'alert', text: describeError(error) });
      return;
    }
    if (error.status === 409 && error.code === 'stale_version') {
      const latest = await load();
      const now =
        latest === undefined ? '' : ` It is now at version ${latest.version}, reloaded here.`;
      setMessage({
        kind: 'alert',
        text: `This script was changed elsewhere since you opened it, so nothing was ${what}.${now} Make your edits again on this version.`,
      });
    } else if (error.status === 409) {
      setMessage({ kind: 'alert', text: error.message });
      eventsRef.current.onJobChanged?.();
    } else if (error.status === 429) {
      setRefusal(refusalOf(error));
      eventsRef.current.onRefused?.(error);
    } else {
      const named = turnProblemOf(error, sent);
      setProblem(named);
      if (named) setProblemSeq((seq) => seq + 1);
      const index = named ? sent.findIndex((turn) => turn.key === named.key) : -1;
      setMessage({
        kind: 'alert',
        text: named
          ? `Not ${what}: turn ${index + 1} needs a fix (${named.field}).`
          : `Not ${what}: ${error.message}`,
      });
    }
  }

  const dirty = isEdited(saved, turns);
  const current = quote.turns === turns && !quote.loading ? quote : undefined;

  return {
    script,
    turns,
    dirty,
    /** The quote of the turns as they are now; undefined while it is being asked. */
    quote: current?.data,
    quoteError: current?.error,
    quoting: current === undefined,
    problem,
    problemSeq,
    message,
    refusal,
    busy,
    reload: load,
    change(index: number, change: Partial<Pick<DraftTurn, 'speaker' | 'text'>>) {
      edited(changeTurn(turns, index, change));
    },
    move(index: number, by: -1 | 1) {
      edited(moveTurn(turns, index, by));
    },
    remove(index: number) {
      edited(removeTurn(turns, index));
    },
    /** Adds an empty turn after `after` (-1: first); answers its key. */
    insert(after: number): string {
      newTurns.current += 1;
      const key = `new-${newTurns.current}`;
      const hosts = script.data?.hosts.map((host) => host.name) ?? [];
      edited(insertTurn(turns, after, hosts, key));
      return key;
    },
    async save() {
      if (version === undefined || !dirty) return;
      const sent = turns;
      setBusy('saving');
      setMessage(undefined);
      setRefusal(undefined);
      try {
        const next = await api.putPodcastScript(jobId, editOf(version, sent));
        show(next);
        setMessage({ kind: 'status', text: `Saved as version ${next.version}.` });
      } catch (error) {
        await refused(error, sent, 'saved');
      } finally {
        setBusy(undefined);
      }
    },
    async render() {
      if (version === undefined || dirty) return;
      setBusy('rendering');
      setMessage(undefined);
      setRefusal(undefined);
      try {
        const accepted = await api.renderPodcast(jobId, version);
        setMessage({
          kind: 'status',
          text: `Rendering version ${accepted.version}: ${slotCount(accepted.estimatedCost)} held; ${accepted.chunksToSynthesize} of ${accepted.chunksToSynthesize + accepted.chunksReused} chunks to speak, the rest reused.`,
        });
        eventsRef.current.onRendered?.(accepted);
      } catch (error) {
        await refused(error, turns, 'rendered');
      } finally {
        setBusy(undefined);
      }
    },
  };
}

/** The state and actions {@link useScriptEditor} gives the editor. */
export type ScriptEditorState = ReturnType<typeof useScriptEditor>;
