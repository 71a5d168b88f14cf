'use client';

import type { DraftTurn, TurnProblem } from '../domain/script-draft';
import { formatClock } from '../domain/time-format';

/** The ids of one turn's controls in the editor whose ids start with `base`. */
export function turnControlIds(base: string, key: string) {
  const prefix = `${base}-turn-${key}`;
  return {
    item: prefix,
    speaker: `${prefix}-speaker`,
    text: `${prefix}-text`,
    up: `${prefix}-up`,
    down: `${prefix}-down`,
    insert: `${prefix}-insert`,
    remove: `${prefix}-remove`,
    error: `${prefix}-error`,
  };
}

/**
 * One turn of the script editor: its chapter's title when it starts one, who says it (a select
 * of the script's hosts), what is said, its measured length, and buttons to move it up or down,
 * add a turn after it, or remove it. A refusal the server named for it shows beside the field.
 */
export function ScriptTurn(props: {
  base: string;
  turn: DraftTurn;
  index: number;
  count: number;
  hosts: readonly string[];
  chapter?: string;
  problem?: TurnProblem;
  disabled: boolean;
  onChange: (change: Partial<Pick<DraftTurn, 'speaker' | 'text'>>) => void;
  onMove: (by: -1 | 1) => void;
  onInsert: () => void;
  onRemove: () => void;
}) {
  const { turn, index, problem } = props;
  const number = index + 1;
  const ids = turnControlIds(props.base, turn.key);
  const speakers = props.hosts.includes(turn.speaker)
    ? props.hosts
    : [turn.speaker, ...props.hosts];
  const invalid = (field: string) => (problem?.field === field ? true : undefined);
  const describedBy = (field: string) => (problem?.field === field ? ids.error : undefined);
  // Each button's visible words, then which turn it acts on for a screen reader: "Remove (turn 2)".
  const actions = [
    { words: 'Move up', id: ids.up, off: index === 0, act: () => props.onMove(-1) },
    {
      words: 'Move down',
      id: ids.down,
      off: index === props.count - 1,
      act: () => props.onMove(1),
    },
    { words: 'Add a turn after', id: ids.insert, off: false, act: props.onInsert },
    { words: 'Remove', id: ids.remove, off: false, act: props.onRemove, danger: true },
  ];
  return (
    <li className="script-turn" id={ids.item} data-testid="script-turn">
      {props.chapter ? <p className="script-turn__chapter">Chapter: {props.chapter}</p> : null}
      <div className="script-turn__head">
        <span className="script-turn__number">Turn {number}</span>
        <span className="muted">
          {turn.seconds === undefined
            ? turn.id
              ? 'edited'
              : 'new'
            : `≈ ${formatClock(turn.seconds)}`}
        </span>
      </div>
      <div className="field">
        <label htmlFor={ids.speaker}>
          Speaker<span className="visually-hidden"> of turn {number}</span>
        </label>
        <select
          id={ids.speaker}
          value={turn.speaker}
          disabled={props.disabled}
          aria-invalid={invalid('speaker')}
          aria-describedby={describedBy('speaker')}
          onChange={(event) => props.onChange({ speaker: event.target.value })}
        >
          {speakers.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.text}>
          Text<span className="visually-hidden"> of turn {number}</span>
        </label>
        <textarea
          id={ids.text}
          rows={3}
          value={turn.text}
          disabled={props.disabled}
          aria-invalid={invalid('text')}
          aria-describedby={describedBy('text')}
          onChange={(event) => props.onChange({ text: event.target.value })}
        />
      </div>
      {problem ? (
        <p id={ids.error} className="field-error" data-testid="script-turn-error">
          {problem.message}
        </p>
      ) : null}
      <div className="script-turn__actions">
        {actions.map((action) => (
          <button
            key={action.words}
            type="button"
            id={action.id}
            className={`button button--small ${action.danger ? 'button--danger' : 'button--secondary'}`}
            disabled={props.disabled || action.off}
            onClick={action.act}
          >
            {action.words}
            <span className="visually-hidden"> (turn {number})</span>
          </button>
        ))}
      </div>
    </li>
  );
}
