import { render, screen } from '@testing-library/react';
import { QuotaGauge, gaugeLevel } from '../src/components/quota-gauge';

const EMPTY = { used: 0, reserved: 0, granted: 0, limit: 200, remaining: 200, inFlight: 0 };

function arcRatio(container: HTMLElement, selector: string): number {
  const [drawn, full] = (container.querySelector(selector)?.getAttribute('stroke-dasharray') ?? '')
    .split(' ')
    .map(Number);
  return (drawn ?? NaN) / (full ?? NaN);
}

describe('QuotaGauge', () => {
  it('exposes used, limit and a sentence as an ARIA meter', () => {
    render(<QuotaGauge {...EMPTY} used={12} remaining={188} />);
    const meter = screen.getByRole('meter', { name: 'Slots this week' });
    expect(meter).toHaveAttribute('aria-valuenow', '12');
    expect(meter).toHaveAttribute('aria-valuemax', '200');
    expect(meter).toHaveAttribute('aria-valuetext', '12 used · 188 left of 200');
    expect(screen.getByTestId('quota-used')).toHaveTextContent('12');
  });

  it('says in words how many slots are used, reserved by episodes in progress, and left', () => {
    render(<QuotaGauge {...EMPTY} used={12} reserved={4} inFlight={1} remaining={184} />);
    const sentence = '12 used · 4 reserved by 1 episode in progress · 184 left of 200';
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuetext', sentence);
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', '16');
    expect(screen.getByTestId('quota-breakdown')).toHaveTextContent(sentence);
  });

  it('counts granted slots into the total and says how many were granted', () => {
    render(
      <QuotaGauge used={12} reserved={6} granted={50} limit={200} remaining={232} inFlight={2} />,
    );
    const sentence =
      '12 used · 6 reserved by 2 episodes in progress · 232 left of 250 (+50 granted)';
    expect(screen.getByTestId('quota-breakdown')).toHaveTextContent(sentence);
    const meter = screen.getByRole('meter');
    expect(meter).toHaveAttribute('aria-valuetext', sentence);
    expect(meter).toHaveAttribute('aria-valuemax', '250');
    expect(screen.getByText('of 250')).toBeInTheDocument();
  });

  it('shows the remaining figure the server sent rather than working it out', () => {
    render(<QuotaGauge {...EMPTY} used={12} reserved={4} inFlight={1} remaining={180} />);
    expect(screen.getByTestId('quota-breakdown')).toHaveTextContent('180 left of 200');
  });

  it('draws the used arc and then the reserved arc after it, each in proportion', () => {
    const { container } = render(
      <QuotaGauge {...EMPTY} used={50} reserved={25} inFlight={1} remaining={125} />,
    );
    expect(arcRatio(container, '.gauge__value')).toBeCloseTo(0.25, 5);
    expect(arcRatio(container, '.gauge__reserved')).toBeCloseTo(0.125, 5);
    expect(container.querySelector('.gauge__reserved')).toHaveAttribute(
      'transform',
      'rotate(0 60 60)',
    );
  });

  it('draws no reserved arc and no reserved words when nothing is held', () => {
    const { container } = render(<QuotaGauge {...EMPTY} used={50} remaining={150} />);
    expect(container.querySelector('.gauge__reserved')).toBeNull();
    expect(screen.getByTestId('quota-breakdown')).not.toHaveTextContent('reserved');
  });

  it('caps the arcs at a full ring but still reports the true number when over the limit', () => {
    const { container } = render(
      <QuotaGauge {...EMPTY} used={230} reserved={4} inFlight={1} remaining={0} />,
    );
    expect(arcRatio(container, '.gauge__value')).toBeCloseTo(1, 5);
    expect(container.querySelector('.gauge__reserved')).toBeNull();
    expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', '234');
  });

  it('turns amber at 70 % and red at 90 % of the slots, counting what is reserved', () => {
    expect(gaugeLevel(139, 200)).toBe('ok');
    expect(gaugeLevel(140, 200)).toBe('warning');
    expect(gaugeLevel(180, 200)).toBe('critical');
    expect(gaugeLevel(0, 0)).toBe('critical');
    const { container } = render(
      <QuotaGauge {...EMPTY} used={150} reserved={30} inFlight={1} remaining={20} />,
    );
    expect(container.querySelector('.gauge')).toHaveClass('gauge--critical');
  });
});
