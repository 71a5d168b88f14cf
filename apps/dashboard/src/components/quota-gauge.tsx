import { weekBreakdown, type WeekQuota } from '../domain/week-breakdown';

/**
 * Which colour band a usage ratio falls in.
 */
export function gaugeLevel(used: number, limit: number): 'ok' | 'warning' | 'critical' {
  const ratio = limit > 0 ? used / limit : 1;
  if (ratio >= 0.9) return 'critical';
  if (ratio >= 0.7) return 'warning';
  return 'ok';
}

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function clamp(ratio: number): number {
  return Math.min(1, Math.max(0, ratio));
}

/**
 * This week's slots as a two-segment ring, exposed as an ARIA meter: the solid arc is what
 * was charged (`used`), the paler arc after it what episodes in progress hold (`reserved`),
 * out of the plan's limit plus what was granted. The same words stand under the ring, so
 * nothing depends on colour: "12 used · 4 reserved by 1 episode in progress · 184 left of 200".
 * `remaining` is the server's figure, shown as it came.
 */
export function QuotaGauge(props: WeekQuota) {
  const breakdown = weekBreakdown(props);
  const { used, reserved, total } = breakdown;
  const usedRatio = total > 0 ? clamp(used / total) : 1;
  const reservedRatio = total > 0 ? Math.min(1 - usedRatio, clamp(reserved / total)) : 0;
  const level = gaugeLevel(used + reserved, total);
  return (
    <figure className={`gauge-figure gauge-figure--${level}`}>
      <div
        className={`gauge gauge--${level}`}
        role="meter"
        aria-label="Slots this week"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={used + reserved}
        aria-valuetext={breakdown.sentence}
        data-testid="quota-gauge"
      >
        <svg viewBox="0 0 120 120" className="gauge__svg" aria-hidden="true" focusable="false">
          <circle className="gauge__track" cx="60" cy="60" r={RADIUS} />
          {reservedRatio > 0 ? (
            <circle
              className="gauge__reserved"
              data-testid="gauge-reserved-arc"
              cx="60"
              cy="60"
              r={RADIUS}
              strokeDasharray={`${CIRCUMFERENCE * reservedRatio} ${CIRCUMFERENCE}`}
              transform={`rotate(${-90 + 360 * usedRatio} 60 60)`}
            />
          ) : null}
          {usedRatio > 0 ? (
            <circle
              className="gauge__value"
              cx="60"
              cy="60"
              r={RADIUS}
              strokeDasharray={`${CIRCUMFERENCE * usedRatio} ${CIRCUMFERENCE}`}
              transform="rotate(-90 60 60)"
            />
          ) : null}
        </svg>
        <div className="gauge__label" aria-hidden="true">
          <span className="gauge__used" data-testid="quota-used">
            {used}
          </span>
          <span className="gauge__limit">of {total}</span>
          <span className="gauge__unit">slots used</span>
        </div>
      </div>
      {/* The meter's sentence in words on the page, with a key to the arcs. */}
      <figcaption className="gauge__legend" data-testid="quota-breakdown">
        <span className="gauge__key">
          <span className="gauge__swatch gauge__swatch--used" aria-hidden="true" />
          {breakdown.phrases.used}
        </span>
        {breakdown.phrases.reserved !== undefined ? (
          <>
            {' · '}
            <span className="gauge__key">
              <span className="gauge__swatch gauge__swatch--reserved" aria-hidden="true" />
              {breakdown.phrases.reserved}
            </span>
          </>
        ) : null}
        {' · '}
        <span className="gauge__key">
          <span className="gauge__swatch gauge__swatch--left" aria-hidden="true" />
          {breakdown.phrases.left}
        </span>
      </figcaption>
    </figure>
  );
}
