/**
 * Which colour band a usage ratio falls in.
 *
 * @example
 * ```ts
 * gaugeLevel(190, 200); // 'critical'
 * ```
 */
export function gaugeLevel(used: number, limit: number): 'ok' | 'warning' | 'critical' {
  const ratio = limit > 0 ? used / limit : 1;
  if (ratio >= 0.9) return 'critical';
  if (ratio >= 0.7) return 'warning';
  return 'ok';
}

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * A ring gauge of slots used out of the weekly limit, exposed as an ARIA meter.
 *
 * @example
 * ```tsx
 * <QuotaGauge used={12} limit={200} />
 * ```
 */
export function QuotaGauge(props: { used: number; limit: number }) {
  const { used, limit } = props;
  const ratio = limit > 0 ? Math.min(1, Math.max(0, used / limit)) : 1;
  const level = gaugeLevel(used, limit);
  const percent = Math.round(ratio * 100);
  return (
    <div
      className={`gauge gauge--${level}`}
      role="meter"
      aria-label="Slots used this week"
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={used}
      aria-valuetext={`${used} of ${limit} slots used (${percent}%)`}
      data-testid="quota-gauge"
    >
      <svg viewBox="0 0 120 120" className="gauge__svg" aria-hidden="true" focusable="false">
        <circle className="gauge__track" cx="60" cy="60" r={RADIUS} />
        {ratio > 0 ? (
          <circle
            className="gauge__value"
            cx="60"
            cy="60"
            r={RADIUS}
            strokeDasharray={`${CIRCUMFERENCE * ratio} ${CIRCUMFERENCE}`}
            transform="rotate(-90 60 60)"
          />
        ) : null}
      </svg>
      <div className="gauge__label" aria-hidden="true">
        <span className="gauge__used" data-testid="quota-used">
          {used}
        </span>
        <span className="gauge__limit">of {limit}</span>
        <span className="gauge__unit">slots used</span>
      </div>
    </div>
  );
}
