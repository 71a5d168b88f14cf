import { render, screen } from '@testing-library/react';
import { QuotaGauge, gaugeLevel } from '../src/components/quota-gauge';

describe('QuotaGauge', () => {
  it('exposes used, limit and a sentence as an ARIA meter', () => {
    render(<QuotaGauge used={12} limit={200} />);
    const meter = screen.getByRole('meter', { name: 'Slots used this week' });
    expect(meter).toHaveAttribute('aria-valuenow', '12');
    expect(meter).toHaveAttribute('aria-valuemax', '200');
    expect(meter).toHaveAttribute('aria-valuetext', '12 of 200 slots used (6%)');
    expect(screen.getByTestId('quota-used')).toHaveTextContent('12');
  });

  it('draws the arc in proportion to usage', () => {
    const { container } = render(<QuotaGauge used={50} limit={200} />);
    const arc = container.querySelector('.gauge__value');
    const [drawn, full] = (arc?.getAttribute('stroke-dasharray') ?? '').split(' ').map(Number);
    expect((drawn ?? NaN) / (full ?? NaN)).toBeCloseTo(0.25, 5);
  });

  it('caps the arc at a full ring but still reports the true number when over the limit', () => {
    const { container } = render(<QuotaGauge used={230} limit={200} />);
    const [drawn, full] = (
      container.querySelector('.gauge__value')?.getAttribute('stroke-dasharray') ?? ''
    )
      .split(' ')
      .map(Number);
    expect(drawn).toBeCloseTo(full ?? NaN, 5);
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', '230');
  });

  it('turns amber at 70 % and red at 90 % of the limit', () => {
    expect(gaugeLevel(139, 200)).toBe('ok');
    expect(gaugeLevel(140, 200)).toBe('warning');
    expect(gaugeLevel(180, 200)).toBe('critical');
    expect(gaugeLevel(0, 0)).toBe('critical');
    const { container } = render(<QuotaGauge used={190} limit={200} />);
    expect(container.querySelector('.gauge')).toHaveClass('gauge--critical');
  });
});
