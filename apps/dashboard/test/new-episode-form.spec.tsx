import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../src/api/errors';
import type { CreatePodcastRequest } from '../src/api/types';
import { NewEpisodeForm } from '../src/components/new-episode-form';

function setup(quota = { remaining: 50, limit: 200 }) {
  const submitted: CreatePodcastRequest[] = [];
  const onSubmit = jest.fn(async (request: CreatePodcastRequest) => {
    submitted.push(request);
    return { jobId: 'job-1', status: 'queued' as const, estimatedCost: 2 };
  });
  const onCreated = jest.fn();
  render(<NewEpisodeForm quota={quota} onSubmit={onSubmit} onCreated={onCreated} />);
  return { user: userEvent.setup(), onSubmit, onCreated, submitted };
}

describe('NewEpisodeForm', () => {
  it('shows messages beside the fields and sends nothing when the input is invalid', async () => {
    const { user, onSubmit } = setup();
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '0');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));

    const topic = screen.getByLabelText('Topic');
    expect(topic).toHaveAttribute('aria-invalid', 'true');
    expect(topic).toHaveAccessibleDescription(expect.stringContaining('Enter a topic.'));
    expect(minutes).toHaveAccessibleDescription('Choose between 1 and 60 minutes.');
    expect(topic).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a topic over the length limit and a fractional number of minutes', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByLabelText('Topic'));
    await user.paste('x'.repeat(201));
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '2.5');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(screen.getByText('Keep the topic to 200 characters (now 201).')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number of minutes.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('validates a field when it loses focus and clears the message once fixed', async () => {
    const { user } = setup();
    const topic = screen.getByLabelText('Topic');
    await user.click(topic);
    await user.tab();
    expect(screen.getByText('Enter a topic.')).toBeInTheDocument();
    await user.type(topic, 'Tides');
    expect(screen.queryByText('Enter a topic.')).not.toBeInTheDocument();
  });

  it('shows the live cost and sends a trimmed request without empty optional fields', async () => {
    const { user, submitted, onCreated } = setup();
    await user.type(screen.getByLabelText('Topic'), '  Tides of the North Sea ');
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '3');
    await user.selectOptions(screen.getByLabelText('Voice quality'), 'neural');
    expect(screen.getByTestId('form-cost')).toHaveTextContent(
      'Estimated cost: 6 slots of 50 remaining',
    );

    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(submitted).toEqual([{ topic: 'Tides of the North Sea', minutes: 3, quality: 'neural' }]);
    expect(onCreated).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Episode queued (2 slots estimated).');
    expect(screen.getByLabelText('Topic')).toHaveValue('');
  });

  it('warns before sending a request that does not fit and sends it only when confirmed', async () => {
    const { user, onSubmit } = setup({ remaining: 5, limit: 200 });
    await user.type(screen.getByLabelText('Topic'), 'Volcanoes');
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '2');
    await user.selectOptions(screen.getByLabelText('Voice quality'), 'generative');
    expect(screen.getByTestId('form-fit-warning')).toHaveTextContent(
      'This costs 8 slots but only 5 remain this week.',
    );

    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Submit anyway' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('says when one episode alone is more than the whole weekly limit', async () => {
    const { user } = setup({ remaining: 10, limit: 10 });
    await user.type(screen.getByLabelText('Topic'), 'Everything');
    const minutes = screen.getByLabelText('Minutes');
    await user.clear(minutes);
    await user.type(minutes, '3');
    await user.selectOptions(screen.getByLabelText('Voice quality'), 'generative');
    expect(screen.getByTestId('form-fit-warning')).toHaveTextContent(
      'more than your whole weekly limit of 10',
    );
  });

  it('puts an API validation error beside the field it names', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn(async () => {
      throw new ApiError('Series ids may not contain spaces.', {
        status: 400,
        code: 'invalid_request',
        field: 'seriesId',
      });
    });
    render(<NewEpisodeForm quota={{ remaining: 50, limit: 200 }} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Topic'), 'Tides');
    await user.type(screen.getByLabelText(/Series/), 'a b');
    await user.click(screen.getByRole('button', { name: 'Make episode' }));
    expect(screen.getByLabelText(/Series/)).toHaveAccessibleDescription(
      expect.stringContaining('Series ids may not contain spaces.'),
    );
  });
});
