'use client';

import { SLOTS_PER_MINUTE, VOICE_QUALITIES, type VoiceQuality } from '@lumcast/quota';
import { useId, useState } from 'react';
import { episodesThatFit, estimateCost } from '../domain/cost';
import { MAX_EPISODE_MINUTES, MIN_EPISODE_MINUTES } from '@lumcast/script-generation';
import { Panel } from './panel';

/** How each voice quality is shown to people. */
export const QUALITY_LABELS: Record<VoiceQuality, string> = {
  standard: 'Standard',
  neural: 'Neural',
  generative: 'Generative',
};

/**
 * What things cost: minutes × quality → slots, the promise that the estimate is the most an
 * episode is charged, and how many more fit this week.
 * `remaining` is undefined while the quota loads.
 */
export function CostCalculator(props: { remaining?: number }) {
  const [minutesText, setMinutesText] = useState('5');
  const [quality, setQuality] = useState<VoiceQuality>('neural');
  const minutesId = useId();
  const hintId = useId();
  const minutes = Number(minutesText);
  const valid =
    /^\d+$/.test(minutesText.trim()) &&
    minutes >= MIN_EPISODE_MINUTES &&
    minutes <= MAX_EPISODE_MINUTES;
  const cost = valid ? estimateCost(minutes, quality) : undefined;
  const more =
    cost !== undefined && props.remaining !== undefined
      ? episodesThatFit(props.remaining, cost)
      : undefined;

  return (
    <Panel title="What things cost" className="panel--calculator">
      <p className="muted">
        Each started minute of audio costs{' '}
        {VOICE_QUALITIES.map((q, index) => (
          <span key={q}>
            {index > 0 ? (index === VOICE_QUALITIES.length - 1 ? ' or ' : ', ') : ''}
            {SLOTS_PER_MINUTE[q]} {SLOTS_PER_MINUTE[q] === 1 ? 'slot' : 'slots'} (
            {QUALITY_LABELS[q]})
          </span>
        ))}
        .
      </p>
      <p data-testid="cost-promise">
        You never pay more than the estimate: if an episode runs long, you are charged the quoted
        slots.
      </p>
      <div className="calculator">
        <div className="field">
          <label htmlFor={minutesId}>Minutes</label>
          <input
            id={minutesId}
            type="number"
            inputMode="numeric"
            min={MIN_EPISODE_MINUTES}
            max={MAX_EPISODE_MINUTES}
            step={1}
            value={minutesText}
            aria-invalid={!valid}
            aria-describedby={hintId}
            onChange={(event) => setMinutesText(event.target.value)}
          />
          <span id={hintId} className={valid ? 'hint' : 'field-error'}>
            {valid
              ? `${MIN_EPISODE_MINUTES}–${MAX_EPISODE_MINUTES} minutes`
              : `Enter a whole number from ${MIN_EPISODE_MINUTES} to ${MAX_EPISODE_MINUTES}.`}
          </span>
        </div>
        <fieldset className="field quality-choice">
          <legend>Voice quality</legend>
          {VOICE_QUALITIES.map((q) => (
            <label key={q} className="radio">
              <input
                type="radio"
                name="calculator-quality"
                value={q}
                checked={quality === q}
                onChange={() => setQuality(q)}
              />
              {QUALITY_LABELS[q]}
            </label>
          ))}
        </fieldset>
      </div>
      <output className="calculator__result" aria-live="polite" data-testid="calculator-result">
        {cost === undefined ? (
          'Enter a valid length to see the cost.'
        ) : (
          <>
            <strong>
              {cost} {cost === 1 ? 'slot' : 'slots'}
            </strong>{' '}
            for {minutes} {minutes === 1 ? 'minute' : 'minutes'} of {QUALITY_LABELS[quality]} audio.{' '}
            {more === undefined
              ? ''
              : more === 0
                ? 'You cannot make another one of these this week.'
                : `You can make ${more} more of these this week.`}
          </>
        )}
      </output>
    </Panel>
  );
}
