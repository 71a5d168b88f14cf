import type { ApiError } from '../api/errors';
import type { Script, ScriptEdit } from '../api/types';

/**
 * One turn of the script editor: a key of its own (a kept turn's id, or made up for a new
 * one), the id of the turn it keeps (absent: a new turn), who says it and what, and its
 * speaking time as the server measured it (absent once its text or speaker changes).
 */
export interface DraftTurn {
  key: string;
  id?: string;
  speaker: string;
  text: string;
  seconds?: number;
}

/** What the server refused in one turn: the turn (by key), the field and its words. */
export interface TurnProblem {
  key: string;
  field: string;
  message: string;
}

/** The editor's turns for a script as the API sent it, in order. */
export function draftTurnsOf(script: Pick<Script, 'turns'>): DraftTurn[] {
  return script.turns.map(({ id, speaker, text, seconds }) => ({
    key: id,
    id,
    speaker,
    text,
    seconds,
  }));
}

/**
 * The body of `PUT …/script` and `POST …/script/quote` for the editor's turns: the version
 * they start from, and each turn's id (kept turns only), speaker and text as typed.
 *
 * @example
 * ```ts
 * editOf(2, [{ key: 't1', id: 't1', speaker: 'Alex', text: 'Hi.' }, { key: 'new-1', speaker: 'Sam', text: 'Hello.' }]);
 * // { version: 2, turns: [{ id: 't1', speaker: 'Alex', text: 'Hi.' }, { speaker: 'Sam', text: 'Hello.' }] }
 * ```
 */
export function editOf(version: number, turns: readonly DraftTurn[]): ScriptEdit {
  return {
    version,
    turns: turns.map(({ id, speaker, text }) =>
      id === undefined ? { speaker, text } : { id, speaker, text },
    ),
  };
}

/** Whether the editor's turns differ from the saved script's (in order, speaker or text). */
export function isEdited(saved: readonly DraftTurn[], turns: readonly DraftTurn[]): boolean {
  return (
    saved.length !== turns.length ||
    saved.some((turn, index) => {
      const other = turns[index];
      return (
        other === undefined ||
        other.id !== turn.id ||
        other.speaker !== turn.speaker ||
        other.text !== turn.text
      );
    })
  );
}

/** The turns with one turn's speaker or text changed (its measured seconds no longer apply). */
export function changeTurn(
  turns: readonly DraftTurn[],
  index: number,
  change: Partial<Pick<DraftTurn, 'speaker' | 'text'>>,
): DraftTurn[] {
  return turns.map((turn, at) => {
    if (at !== index) return turn;
    const { seconds: _measured, ...rest } = turn;
    return { ...rest, ...change };
  });
}

/** The turns with the one at `index` moved one place up (`-1`) or down (`1`); unchanged at an end. */
export function moveTurn(turns: readonly DraftTurn[], index: number, by: -1 | 1): DraftTurn[] {
  const to = index + by;
  if (to < 0 || to >= turns.length || index < 0 || index >= turns.length) return [...turns];
  const moved = [...turns];
  [moved[index], moved[to]] = [moved[to] as DraftTurn, moved[index] as DraftTurn];
  return moved;
}

/** The turns without the one at `index`. */
export function removeTurn(turns: readonly DraftTurn[], index: number): DraftTurn[] {
  return turns.filter((_, at) => at !== index);
}

/**
 * The turns with a new, empty turn after the one at `after` (-1: first), keyed `key`, spoken
 * by the host after that turn's speaker (the conversation goes on), or the first host.
 */
export function insertTurn(
  turns: readonly DraftTurn[],
  after: number,
  hosts: readonly string[],
  key: string,
): DraftTurn[] {
  const previous = turns[after]?.speaker;
  const next = previous === undefined ? 0 : (hosts.indexOf(previous) + 1) % hosts.length;
  const turn: DraftTurn = { key, speaker: hosts[next] ?? hosts[0] ?? '', text: '' };
  return [...turns.slice(0, after + 1), turn, ...turns.slice(after + 1)];
}

/**
 * The turn a 400 `invalid_turn` names (`turn: { index, id? }`, and `field`), in the turns
 * that were sent; undefined for any other error.
 */
export function turnProblemOf(
  error: ApiError,
  sent: readonly DraftTurn[],
): TurnProblem | undefined {
  if (error.code !== 'invalid_turn') return undefined;
  const named = error.details['turn'] as { index?: unknown; id?: unknown } | undefined;
  const byId =
    typeof named?.id === 'string' ? sent.find((turn) => turn.id === named.id) : undefined;
  const byIndex = typeof named?.index === 'number' ? sent[named.index] : undefined;
  const turn = byId ?? byIndex;
  if (turn === undefined) return undefined;
  return { key: turn.key, field: error.field ?? 'text', message: error.message };
}

/** The title of each chapter by the id of its first turn, to head that turn in the editor. */
export function chapterStarts(script: Pick<Script, 'chapters'>): Map<string, string> {
  const starts = new Map<string, string>();
  for (const chapter of script.chapters) {
    const first = chapter.turnIds[0];
    if (first !== undefined) starts.set(first, chapter.title);
  }
  return starts;
}
