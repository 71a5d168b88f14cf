import { ApiError } from '../../src/api/errors';
import type { Script, ScriptEdit, ScriptQuote } from '../../src/api/types';
import type { ScriptApi } from '../../src/hooks/use-script-editor';

/** Speaking time of a turn in this fake: two words a second, at least one second. */
const secondsOf = (text: string) => Math.max(1, Math.ceil(text.split(/\s+/).length / 2));

/** A chunk's address in this fake: who says what. */
const addressOf = (turn: { speaker: string; text: string }) => `${turn.speaker}\n${turn.text}`;

/**
 * An in-memory stand-in for one job's script routes with the API's rules: versions (a stale
 * one is a 409 `stale_version` with `latestVersion`), turns checked (a speaker among the hosts,
 * a text that is not blank: else a 400 `invalid_turn` naming the turn and field), new ids for
 * new turns, and quotes that count only the turns whose audio no render made yet (one chunk
 * per turn, 1 slot per started minute of new audio). `refuseRenders` makes the next render a
 * 429. Every call is recorded.
 */
export function fakeScriptApi(
  initial: { hosts?: string[]; turns?: [string, string][]; rendered?: boolean } = {},
) {
  const hosts = initial.hosts ?? ['Alex', 'Sam'];
  let made = 0;
  const calls = {
    get: 0,
    put: [] as ScriptEdit[],
    quote: [] as ScriptEdit[],
    render: [] as number[],
  };
  const rendered = new Set<string>();
  let refusal: ApiError | undefined;

  function scriptOf(version: number, turns: { id?: string; speaker: string; text: string }[]) {
    const withIds = turns.map((turn) => {
      if (turn.id !== undefined) return { ...turn, id: turn.id };
      made += 1;
      return { ...turn, id: `t${made}` };
    });
    const seconds = withIds.map((turn) => ({ ...turn, seconds: secondsOf(turn.text) }));
    const estimatedSeconds = seconds.reduce((sum, turn) => sum + turn.seconds, 0);
    return {
      version,
      hosts: hosts.map((name) => ({ name })),
      turns: seconds,
      chapters: [{ title: 'Opening', turnIds: seconds.slice(0, 2).map((turn) => turn.id) }],
      estimatedSeconds,
      estimatedCost: Math.ceil(estimatedSeconds / 60),
    } satisfies Script;
  }

  let latest = scriptOf(
    1,
    (
      initial.turns ?? [
        ['Alex', 'Welcome to the show about tides.'],
        ['Sam', 'The Moon pulls the sea.'],
        ['Alex', 'And the Sun helps.'],
      ]
    ).map(([speaker, text]) => ({ speaker, text })),
  );
  if (initial.rendered) for (const turn of latest.turns) rendered.add(addressOf(turn));

  function check(edit: ScriptEdit) {
    if (edit.version !== latest.version) {
      throw new ApiError(`Version ${edit.version} is not the latest version of the script.`, {
        status: 409,
        code: 'stale_version',
        details: { latestVersion: latest.version },
      });
    }
    edit.turns.forEach((turn, index) => {
      const id = turn.id === undefined ? {} : { id: turn.id };
      if (!hosts.includes(turn.speaker)) {
        throw new ApiError(`turns[${index}]: ${turn.speaker} is not one of the hosts.`, {
          status: 400,
          code: 'invalid_turn',
          field: 'speaker',
          details: { turn: { index, ...id } },
        });
      }
      if (turn.text.trim() === '') {
        throw new ApiError(`turns[${index}]: the text is empty.`, {
          status: 400,
          code: 'invalid_turn',
          field: 'text',
          details: { turn: { index, ...id } },
        });
      }
    });
  }

  const api: ScriptApi = {
    getPodcastScript: async () => {
      calls.get += 1;
      return latest;
    },
    putPodcastScript: async (_jobId, edit) => {
      calls.put.push(edit);
      check(edit);
      latest = scriptOf(latest.version + 1, edit.turns);
      return latest;
    },
    quotePodcastScript: async (_jobId, edit): Promise<ScriptQuote> => {
      calls.quote.push(edit);
      check(edit);
      const fresh = edit.turns.filter((turn) => !rendered.has(addressOf(turn)));
      const newSeconds = fresh.reduce((sum, turn) => sum + secondsOf(turn.text), 0);
      return {
        estimatedSeconds: edit.turns.reduce((sum, turn) => sum + secondsOf(turn.text), 0),
        newSeconds,
        estimatedCost: Math.ceil(newSeconds / 60),
        chunksToSynthesize: fresh.length,
        chunksReused: edit.turns.length - fresh.length,
      };
    },
    renderPodcast: async (jobId, version) => {
      calls.render.push(version);
      if (refusal) {
        const error = refusal;
        refusal = undefined;
        throw error;
      }
      check({ version, turns: latest.turns });
      const fresh = latest.turns.filter((turn) => !rendered.has(addressOf(turn)));
      for (const turn of latest.turns) rendered.add(addressOf(turn));
      return {
        jobId,
        version,
        status: 'ready',
        estimatedCost: Math.ceil(fresh.reduce((sum, turn) => sum + turn.seconds, 0) / 60),
        chunksToSynthesize: fresh.length,
        chunksReused: latest.turns.length - fresh.length,
      };
    },
  };

  return {
    api,
    calls,
    latest: () => latest,
    /** Someone else saves an edit (another tab): the editor's version becomes stale. */
    editElsewhere(text: string) {
      latest = scriptOf(latest.version + 1, [
        ...latest.turns.map(({ id, speaker, text: said }) => ({ id, speaker, text: said })),
        { speaker: hosts[0] as string, text },
      ]);
    },
    refuseNextRender(error: ApiError) {
      refusal = error;
    },
  };
}
