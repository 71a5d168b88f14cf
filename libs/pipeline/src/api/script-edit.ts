import type { PodcastScriptEdit } from '../contract/script-edit-body';
import { normalizeText, textFault, textFaultMessage } from '../text/text-rule';
import type { ScriptVersion } from './script-versions';

/** Longest turn an edit may hold, in characters (about three minutes of speech). */
export const SCRIPT_TURN_MAX_CHARS = 3_000;
/** Most turns an edited script may hold. */
export const SCRIPT_TURNS_MAX = 2_000;

/** Why an edit is refused: the turn at fault (its place and, if it has one, its id) and field. */
export interface ScriptEditProblem {
  /** `turns` for the list as a whole; otherwise the turn's own field. */
  field: 'turns' | 'id' | 'speaker' | 'text';
  message: string;
  turn?: { index: number; id?: string };
}

/** Outcome of {@link applyScriptEdit}: the new version, or the first problem. */
export type ScriptEditResult =
  { ok: true; edited: ScriptVersion } | { ok: false; problem: ScriptEditProblem };

interface CheckedTurn {
  id: string;
  speaker: string;
  text: string;
  /** The chapter (of the latest version) the turn belongs to; undefined for a new turn. */
  chapter: number | undefined;
}

/**
 * Applies an edit (the whole new list of turns) to the latest version of a script and answers
 * the next version, or the first turn at fault. Each turn's `speaker` must be one of the
 * script's hosts; its `text` (in NFC, trimmed) must be non-blank, pass the text rule (`lines`)
 * and be at most {@link SCRIPT_TURN_MAX_CHARS}; an `id` must be a turn of the latest version,
 * kept at most once. A turn with no id is new and gets the next id (`t<nextTurn>`).
 *
 * The chapters follow the turns: a kept turn stays in its chapter; a new turn joins the chapter
 * of the turn before it (a new first turn, that of the first kept turn after it); a deleted
 * turn leaves its chapter, and a chapter left with no turn disappears. Consecutive turns of the
 * same chapter title make one chapter, so a chapter whose turns a reorder separated is split
 * into runs under its title, and rejoined when they come together again.
 *
 * @example
 * ```ts
 * const result = applyScriptEdit(latest, [{ id: 't2', speaker: 'Sam', text: 'First!' }, { speaker: 'Alex', text: 'New.' }]);
 * if (result.ok) result.edited.turnIds; // ['t2', 't4']
 * ```
 */
export function applyScriptEdit(
  latest: ScriptVersion,
  turns: PodcastScriptEdit['turns'],
): ScriptEditResult {
  if (turns.length === 0) return refused('turns', 'A script needs at least one turn.');
  if (turns.length > SCRIPT_TURNS_MAX) {
    return refused('turns', `A script has at most ${SCRIPT_TURNS_MAX} turns.`);
  }
  const chapterOf = new Map<string, number>();
  let position = 0;
  latest.script.chapters.forEach((chapter, index) =>
    chapter.segments.forEach(() => chapterOf.set(latest.turnIds[position++] as string, index)),
  );
  const hosts = latest.script.hosts.map((host) => host.name);
  const kept = new Set<string>();
  let nextTurn = latest.nextTurn;
  const checked: CheckedTurn[] = [];
  for (const [index, turn] of turns.entries()) {
    const at = { index, ...(turn.id === undefined ? {} : { id: turn.id }) };
    if (turn.id !== undefined && !chapterOf.has(turn.id)) {
      return refused('id', `"${turn.id}" is not a turn of version ${latest.version}.`, at);
    }
    if (turn.id !== undefined && kept.has(turn.id)) {
      return refused('id', `Turn ${turn.id} is given twice.`, at);
    }
    const speaker = normalizeText(turn.speaker).trim();
    if (!hosts.includes(speaker)) {
      return refused('speaker', `speaker must be one of the hosts (${hosts.join(', ')}).`, at);
    }
    const text = normalizeText(turn.text).trim();
    const problem = textProblem(text);
    if (problem !== undefined) return refused('text', problem, at);
    if (turn.id !== undefined) kept.add(turn.id);
    const id = turn.id ?? `t${nextTurn++}`;
    const chapter = turn.id === undefined ? undefined : chapterOf.get(turn.id);
    checked.push({ id, speaker, text, chapter });
  }
  return { ok: true, edited: nextVersion(latest, placeInChapters(checked), nextTurn) };
}

function refused(
  field: ScriptEditProblem['field'],
  message: string,
  turn?: ScriptEditProblem['turn'],
): ScriptEditResult {
  return { ok: false, problem: { field, message, ...(turn ? { turn } : {}) } };
}

function textProblem(text: string): string | undefined {
  if (text === '') return 'text must not be empty.';
  if (text.length > SCRIPT_TURN_MAX_CHARS) {
    return `text must be at most ${SCRIPT_TURN_MAX_CHARS} characters.`;
  }
  const fault = textFault(text, 'lines');
  return fault && textFaultMessage('text', fault, 'lines');
}

/** Each new turn's chapter: the turn before it's, or for leading new turns the first kept one's. */
function placeInChapters(turns: CheckedTurn[]): (CheckedTurn & { chapter: number })[] {
  let current = turns.find((turn) => turn.chapter !== undefined)?.chapter ?? 0;
  return turns.map((turn) => {
    current = turn.chapter ?? current;
    return { ...turn, chapter: current };
  });
}

function nextVersion(
  latest: ScriptVersion,
  turns: (CheckedTurn & { chapter: number })[],
  nextTurn: number,
): ScriptVersion {
  const chapters: ScriptVersion['script']['chapters'] = [];
  for (const turn of turns) {
    const title = (latest.script.chapters[turn.chapter] as { title: string }).title;
    const last = chapters.at(-1);
    const segment = { speaker: turn.speaker, text: turn.text };
    if (last?.title === title) last.segments.push(segment);
    else chapters.push({ title, segments: [segment] });
  }
  return {
    version: latest.version + 1,
    script: { ...latest.script, chapters },
    turnIds: turns.map((turn) => turn.id),
    nextTurn,
  };
}
