import { SLOTS_PER_MINUTE } from '@lumcast/quota';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CostCalculator } from '../src/components/cost-calculator';

describe('CostCalculator', () => {
  it('multiplies minutes by the slots per minute of the chosen quality', async () => {
    const user = userEvent.setup();
    render(<CostCalculator remaining={100} />);
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '7');
    await user.click(screen.getByLabelText('Generative'));
    const expected = 7 * SLOTS_PER_MINUTE.generative;
    expect(screen.getByTestId('calculator-result')).toHaveTextContent(
      `${expected} slots for 7 minutes`,
    );
  });

  it('says how many more of these fit in the remaining slots', async () => {
    const user = userEvent.setup();
    render(<CostCalculator remaining={25} />);
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '3');
    await user.click(screen.getByLabelText('Neural'));
    // 3 min × 2 slots = 6 slots; 25 remaining → 4 more.
    expect(screen.getByTestId('calculator-result')).toHaveTextContent(
      'You can make 4 more of these this week.',
    );
  });

  it('says plainly when not even one more fits', async () => {
    const user = userEvent.setup();
    render(<CostCalculator remaining={3} />);
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '1');
    await user.click(screen.getByLabelText('Generative'));
    expect(screen.getByTestId('calculator-result')).toHaveTextContent(
      'You cannot make another one of these this week.',
    );
  });

  it('refuses lengths outside 1–60 minutes instead of computing a cost', async () => {
    const user = userEvent.setup();
    render(<CostCalculator remaining={100} />);
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '61');
    expect(minutes).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('calculator-result')).toHaveTextContent(
      'Enter a valid length to see the cost.',
    );
  });

  it('says in one sentence that an episode never costs more than its estimate', () => {
    render(<CostCalculator remaining={100} />);
    const panel = screen.getByRole('region', { name: 'What things cost' });
    expect(within(panel).getByTestId('cost-promise')).toHaveTextContent(
      /^You never pay more than the estimate: if an episode runs long, you are charged the quoted slots\.$/,
    );
  });

  it('leaves out the "more of these" sentence while the quota is unknown', () => {
    render(<CostCalculator />);
    expect(screen.getByTestId('calculator-result')).not.toHaveTextContent('this week');
  });
});
