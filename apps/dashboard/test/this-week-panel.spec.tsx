import { render, screen } from '@testing-library/react';
import type { QuotaSummary } from '../src/api/types';
import { ThisWeekPanel } from '../src/components/this-week-panel';

describe('ThisWeekPanel', () => {
  const quota: QuotaSummary = {
    week: '2026-W49',
    used: 12,
    reserved: 4,
    granted: 50,
    limit: 200,
    remaining: 234,
    inFlight: 1,
    maxInFlight: 3,
    resetsAt: '2026-12-07T00:00:00.000Z',
    plan: 'free',
    slotsPerMinute: { standard: 1, neural: 2, generative: 4 },
  };
  const now = new Date('2026-12-03T12:00:00.000Z');

  it('shows used and reserved apart, the grant, and the episodes in progress against the cap', () => {
    render(<ThisWeekPanel quota={{ loading: false, data: quota }} now={now} onRetry={jest.fn()} />);
    expect(screen.getByTestId('quota-breakdown')).toHaveTextContent(
      '12 used · 4 reserved by 1 episode in progress · 234 left of 250 (+50 granted)',
    );
    expect(screen.getByTestId('quota-remaining')).toHaveTextContent('234 slots');
    expect(screen.getByTestId('quota-in-flight')).toHaveTextContent('1 episode (up to 3 at once)');
  });

  it('leaves the cap out when the server does not say it', () => {
    const older: QuotaSummary = { ...quota, reserved: 0, granted: 0, inFlight: 0, remaining: 188 };
    delete older.maxInFlight;
    render(<ThisWeekPanel quota={{ loading: false, data: older }} now={now} onRetry={jest.fn()} />);
    expect(screen.getByTestId('quota-in-flight')).toHaveTextContent(/^0 episodes$/);
    expect(screen.getByTestId('quota-breakdown')).toHaveTextContent(/^12 used · 188 left of 200$/);
  });
});
