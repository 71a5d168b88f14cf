import { useId } from 'react';
import type { WeekUsage } from '../domain/weekly-history';

const WIDTH = 320;
const HEIGHT = 160;
const PAD_LEFT = 30;
const PAD_BOTTOM = 22;
const PAD_TOP = 12;

/** A round top for the scale whose half is a whole number too (4, 6, 8, 10, 20, 40 …). */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 4, 6, 8, 10]) {
    if (step * magnitude >= value) return step * magnitude;
  }
  return 10 * magnitude;
}

/**
 * An accessible SVG bar chart of slots used per ISO week (an image with a text
 * summary, plus the same numbers as a table for screen readers).
 */
export function HistoryChart(props: { weeks: readonly WeekUsage[]; limit?: number }) {
  const titleId = useId();
  const descId = useId();
  const { weeks } = props;
  const peak = Math.max(0, ...weeks.map((week) => week.slots));
  const total = weeks.reduce((sum, week) => sum + week.slots, 0);
  const scaleMax = niceMax(peak);
  const plotHeight = HEIGHT - PAD_BOTTOM - PAD_TOP;
  const slot = (WIDTH - PAD_LEFT) / Math.max(1, weeks.length);
  const barWidth = slot * 0.6;
  const y = (value: number) => PAD_TOP + plotHeight - (plotHeight * value) / scaleMax;
  const first = weeks[0]?.week ?? '';
  const last = weeks[weeks.length - 1]?.week ?? '';

  return (
    <figure className="history">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        className="history__svg"
        data-testid="history-chart"
      >
        <title id={titleId}>Slots used per week</title>
        <desc id={descId}>
          {`${total} slots over ${weeks.length} weeks from ${first} to ${last}; busiest week ${peak} slots. ` +
            weeks.map((week) => `${week.week}: ${week.slots}`).join(', ')}
        </desc>
        {[0, scaleMax / 2, scaleMax].map((tick) => (
          <g key={tick} className="history__tick">
            <line x1={PAD_LEFT} x2={WIDTH} y1={y(tick)} y2={y(tick)} />
            <text x={PAD_LEFT - 4} y={y(tick) + 4} textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {weeks.map((week, index) => {
          const x = PAD_LEFT + index * slot + (slot - barWidth) / 2;
          const top = y(week.slots);
          return (
            <g key={week.week}>
              <rect
                className={
                  index === weeks.length - 1 ? 'history__bar history__bar--current' : 'history__bar'
                }
                x={x}
                y={top}
                width={barWidth}
                height={Math.max(0, PAD_TOP + plotHeight - top)}
                data-week={week.week}
                data-slots={week.slots}
              />
              {week.slots > 0 ? (
                <text
                  className="history__value"
                  x={x + barWidth / 2}
                  y={top - 3}
                  textAnchor="middle"
                >
                  {week.slots}
                </text>
              ) : null}
              <text
                className="history__label"
                x={x + barWidth / 2}
                y={HEIGHT - 6}
                textAnchor="middle"
              >
                {week.week.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="muted">
        Last {weeks.length} ISO weeks
        {props.limit !== undefined ? ` (weekly limit ${props.limit} slots)` : ''}; the current week
        is highlighted.
      </figcaption>
      <table className="visually-hidden">
        <caption>Slots used per week</caption>
        <thead>
          <tr>
            <th scope="col">Week</th>
            <th scope="col">Slots</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.week}>
              <th scope="row">{week.week}</th>
              <td>{week.slots}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
