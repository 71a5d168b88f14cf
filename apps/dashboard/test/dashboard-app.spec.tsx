import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DashboardApp } from '../src/components/dashboard-app';
import { LOCAL_USER_STORAGE_KEY } from '../src/identity/local-user';

const QUOTA = {
  week: '2026-W49',
  used: 3,
  limit: 200,
  remaining: 197,
  resetsAt: '2026-12-07T00:00:00.000Z',
  plan: 'free',
  slotsPerMinute: { standard: 1, neural: 2, generative: 4 },
};

/** A narrow stand-in for the browser's fetch: answers by path and records every call. */
function fakeFetch(config: unknown) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
    const body =
      url === '/config.json'
        ? config
        : url === '/api/quota'
          ? QUOTA
          : url === '/api/podcasts'
            ? { items: [] }
            : url === '/api/feeds'
              ? { feeds: [] }
              : {};
    // jsdom has no Response; the client only reads ok, status, json() and text().
    return {
      ok: true,
      status: 200,
      json: async () => body,
      text: async () => JSON.stringify(body),
    };
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return calls;
}

describe('DashboardApp', () => {
  const originalFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = originalFetch;
    window.localStorage.clear();
    window.sessionStorage.clear();
  });

  it('in local mode asks who you are, remembers the pick, and sends it as x-lumcast-user', async () => {
    const calls = fakeFetch({ identity: 'local' });
    const user = userEvent.setup();
    render(<DashboardApp />);
    await user.click(await screen.findByRole('button', { name: 'bob' }));

    expect(screen.getByTestId('current-user')).toHaveTextContent('bob');
    expect(window.localStorage.getItem(LOCAL_USER_STORAGE_KEY)).toBe('bob');
    await waitFor(() => expect(screen.getByRole('meter')).toHaveAttribute('aria-valuenow', '3'));
    const apiCalls = calls.filter((call) => call.url.startsWith('/api/'));
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.every((call) => call.headers['x-lumcast-user'] === 'bob')).toBe(true);
  });

  it('in local mode refuses a user name the API would not accept', async () => {
    fakeFetch({ identity: 'local' });
    const user = userEvent.setup();
    render(<DashboardApp />);
    await user.type(await screen.findByLabelText('Other user'), 'no spaces please');
    await user.click(screen.getByRole('button', { name: 'Use' }));
    expect(screen.getByLabelText('Other user')).toHaveAccessibleDescription(
      'Use letters, digits, dot, dash, underscore or @ only.',
    );
  });

  it('in cognito mode never shows the picker and offers to sign in', async () => {
    const calls = fakeFetch({
      identity: 'cognito',
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_abc',
      userPoolClientId: 'client',
      cognitoDomain: 'lumcast',
    });
    render(<DashboardApp />);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('Who are you?')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Other user')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/'))).toEqual([]);
  });

  it('says the dashboard could not start when /config.json names no known identity', async () => {
    fakeFetch({ identity: 'guest' });
    render(<DashboardApp />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '"identity" must be "local" or "cognito"',
    );
  });
});
