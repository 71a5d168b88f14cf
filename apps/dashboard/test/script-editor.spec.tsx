import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../src/api/errors';
import type { Job } from '../src/api/types';
import { ScriptEditor } from '../src/components/script-editor';
import { aJob } from './support/jobs';
import { fakeScriptApi } from './support/script-api';

const DRAFT = aJob({ jobId: 'job-draft', status: 'script_ready', topic: 'How tides work' });
const READY = aJob({ jobId: 'job-ready', status: 'ready', topic: 'How tides work', cost: 1 });

function openEditor(script: ReturnType<typeof fakeScriptApi>, job: Job = DRAFT, quoteDelayMs = 5) {
  const events = { onRendered: jest.fn(), onRefused: jest.fn(), onClose: jest.fn() };
  render(<ScriptEditor api={script.api} job={job} quoteDelayMs={quoteDelayMs} {...events} />);
  return events;
}

const text = (turn: number) => screen.getByRole('textbox', { name: `Text of turn ${turn}` });
const speaker = (turn: number) => screen.getByRole('combobox', { name: `Speaker of turn ${turn}` });
const button = (name: string) => screen.getByRole('button', { name });
const turnTexts = () =>
  screen.getAllByTestId('script-turn').map((turn) => within(turn).getByRole('textbox'));

/** Waits for the quote of the turns as they are now (the render button names its cost). */
async function quoted(verb = 'Render') {
  return screen.findByRole('button', { name: new RegExp(`^${verb} for \\d+ slots?$`) });
}

describe('ScriptEditor', () => {
  afterEach(() => jest.useRealTimers());

  it('shows each turn with a speaker select of the script’s hosts, its chapter, the quote and “Render for 1 slot”', async () => {
    openEditor(fakeScriptApi());
    expect(await quoted()).toHaveTextContent('Render for 1 slot');
    expect(
      screen.getByRole('heading', { name: 'Script of “How tides work” · version 1' }),
    ).toBeVisible();
    expect(turnTexts().map((field) => (field as HTMLTextAreaElement).value)).toEqual([
      'Welcome to the show about tides.',
      'The Moon pulls the sea.',
      'And the Sun helps.',
    ]);
    expect(
      within(speaker(2))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Alex', 'Sam']);
    expect(speaker(2)).toHaveValue('Sam');
    expect(screen.getByText('Chapter: Opening')).toBeVisible();
    expect(screen.getByTestId('script-quote')).toHaveTextContent(
      'About 0:08 of audio, 0:08 of it new (1 new minute): rendering costs 1 slot. 3 chunks to speak, 0 reused.',
    );
    expect(button('Move up (turn 1)')).toBeDisabled();
    expect(button('Move down (turn 3)')).toBeDisabled();
  });

  it('removes, reorders, changes a speaker and adds a turn, then saves the turns in their new order with the ids they keep', async () => {
    const script = fakeScriptApi();
    const user = userEvent.setup();
    openEditor(script);
    await quoted();

    await user.click(button('Remove (turn 3)'));
    expect(screen.getAllByTestId('script-turn')).toHaveLength(2);
    await user.click(button('Move up (turn 2)'));
    // The moved turn is now first: its "Move up" is disabled, so the focus is on its "Move down".
    expect(button('Move down (turn 1)')).toHaveFocus();
    expect(text(1)).toHaveValue('The Moon pulls the sea.');
    await user.selectOptions(speaker(1), 'Alex');
    await user.click(button('Add a turn after (turn 2)'));
    expect(text(3)).toHaveFocus();
    expect(speaker(3)).toHaveValue('Sam');
    await user.type(text(3), 'Goodbye now.');

    await user.click(button('Save changes'));
    expect(await screen.findByText('Saved as version 2.')).toBeVisible();
    expect(script.calls.put).toEqual([
      {
        version: 1,
        turns: [
          { id: 't2', speaker: 'Alex', text: 'The Moon pulls the sea.' },
          { id: 't1', speaker: 'Alex', text: 'Welcome to the show about tides.' },
          { speaker: 'Sam', text: 'Goodbye now.' },
        ],
      },
    ]);
    expect(screen.getByRole('heading', { name: /· version 2$/ })).toBeVisible();
    expect(button('Save changes')).toBeDisabled();
  });

  it('asks for a new quote once typing pauses, and renders only a saved version', async () => {
    // The pause is the fake clock's: however slowly this machine types, the keystrokes land in
    // one burst, and the quote is asked only when the clock moves past the debounce.
    jest.useFakeTimers();
    const script = fakeScriptApi({ rendered: true });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    openEditor(script, READY, 150);
    expect(await quoted('Re-render')).toHaveTextContent('Re-render for 0 slots');
    expect(script.calls.quote).toHaveLength(1);

    await user.type(text(2), ' And it pulls the land too.');
    await waitFor(() =>
      expect(screen.getByTestId('script-quote')).toHaveTextContent('1 chunk to speak, 2 reused.'),
    );
    // One quote for the whole burst of typing, of the turns as typed.
    expect(script.calls.quote).toHaveLength(2);
    expect(script.calls.quote[1]?.turns[1]?.text).toBe(
      'The Moon pulls the sea. And it pulls the land too.',
    );
    const renderButton = await quoted('Re-render');
    expect(renderButton).toHaveTextContent('Re-render for 1 slot');
    expect(renderButton).toBeDisabled();
    expect(renderButton).toHaveAccessibleDescription(
      'Save your changes first: a render speaks a saved version.',
    );

    await user.click(button('Save changes'));
    await screen.findByText('Saved as version 2.');
    await waitFor(() => expect(button('Re-render for 1 slot')).toBeEnabled());
  });

  it('reloads the script and says so when it was changed elsewhere (409), saving nothing', async () => {
    const script = fakeScriptApi();
    const user = userEvent.setup();
    openEditor(script);
    await quoted();
    script.editElsewhere('A line from another tab.');

    await user.type(text(1), ' Hello.');
    await user.click(button('Save changes'));
    expect(await screen.findByTestId('script-alert')).toHaveTextContent(
      'This script was changed elsewhere since you opened it, so nothing was saved. It is now at version 2, reloaded here. Make your edits again on this version.',
    );
    expect(turnTexts()).toHaveLength(4);
    expect(text(4)).toHaveValue('A line from another tab.');
    expect(text(1)).toHaveValue('Welcome to the show about tides.');
    expect(script.latest().version).toBe(2);
  });

  it('points at the turn and field a 400 names, with the server’s words beside it and the focus on it', async () => {
    const script = fakeScriptApi();
    const user = userEvent.setup();
    openEditor(script);
    await quoted();

    await user.clear(text(2));
    await user.click(button('Save changes'));
    expect(await screen.findByTestId('script-alert')).toHaveTextContent(
      'Not saved: turn 2 needs a fix (text).',
    );
    expect(text(2)).toHaveAttribute('aria-invalid', 'true');
    expect(text(2)).toHaveAccessibleDescription('turns[1]: the text is empty.');
    expect(text(2)).toHaveFocus();
    expect(text(1)).not.toHaveAttribute('aria-invalid');
  });

  it('renders the saved version for its quote and tells the dashboard', async () => {
    const script = fakeScriptApi();
    const user = userEvent.setup();
    const events = openEditor(script);

    await user.click(await quoted());
    await waitFor(() => expect(events.onRendered).toHaveBeenCalledTimes(1));
    expect(script.calls.render).toEqual([1]);
    expect(events.onRendered).toHaveBeenCalledWith(
      expect.objectContaining({ version: 1, estimatedCost: 1, chunksToSynthesize: 3 }),
    );
    expect(
      screen.getByText(/^Rendering version 1: 1 slot held; 3 of 3 chunks to speak/),
    ).toBeVisible();
  });

  it('shows a refused render as the new-episode form shows a refusal: the server’s words and when to try again', async () => {
    const script = fakeScriptApi();
    const user = userEvent.setup();
    const events = openEditor(script);
    const message = 'You have 0 of 10 slots left this week; this render needs 1.';
    script.refuseNextRender(
      new ApiError(message, {
        status: 429,
        code: 'quota_exhausted',
        details: { retryAt: '2026-12-14T00:00:00.000Z' },
      }),
    );

    await user.click(await quoted());
    expect(await screen.findByTestId('form-refusal-message')).toHaveTextContent(message);
    expect(screen.getByTestId('form-refusal')).toHaveTextContent('You can try again from');
    expect(events.onRefused).toHaveBeenCalledTimes(1);
    expect(events.onRendered).not.toHaveBeenCalled();
  });
});
