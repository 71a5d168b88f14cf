/**
 * What a well-behaved model submits to the script writer's forced tool calls
 * (`submit_podcast_outline`, `submit_podcast_chapter`, `submit_podcast_script`, and their
 * repair/revision rounds): content that passes the writer's validation at the requested length,
 * read from the prompts as they state it (`about <n> words`, `between <a> and <b> chapters`, a
 * revision's `the target is <n>`). A stand-in model for runs without Bedrock: the engine's fake
 * Bedrock answers with it in the deployed-app specs and the local stack's specs on the engine.
 *
 * @packageDocumentation
 */
interface Block {
  text?: string;
  toolResult?: { content?: { text?: string }[] };
}
interface ConverseBody {
  system?: { text?: string }[];
  messages?: { role?: string; content?: Block[] }[];
  toolConfig?: { toolChoice?: { tool?: { name?: string } } };
}

const FILLER = (
  'the tide rises and falls because the moon and the sun pull on the oceans and the earth ' +
  'turns beneath those bulges so most coasts see two high waters every day'
).split(' ');

function words(count: number, offset: number): string {
  return Array.from({ length: count }, (_, i) => FILLER[(offset + i) % FILLER.length]).join(' ');
}

function segments(total: number, hosts: readonly string[]) {
  const result: { speaker: string; text: string }[] = [];
  for (let left = Math.max(1, total), turn = 0; left > 0; turn += 1) {
    const size = Math.min(45, left);
    result.push({
      speaker: hosts[turn % hosts.length] ?? 'Alex',
      text: `${words(size, turn * 7)}.`,
    });
    left -= size;
  }
  return result;
}

function texts(blocks: Block[] | undefined): string {
  return (blocks ?? [])
    .flatMap((block) => [
      block.text ?? '',
      ...(block.toolResult?.content ?? []).map((c) => c.text ?? ''),
    ])
    .join('\n');
}

function number(pattern: RegExp, text: string): number | undefined {
  const match = pattern.exec(text);
  return match ? Number(match[1]) : undefined;
}

/**
 * The tool input a well-behaved model would submit for this request (the fake Bedrock's
 * `answerTool`).
 *
 * @example
 * ```ts
 * const bedrock = await startFakeBedrock({ answerTool: answerScriptTool });
 * ```
 */
export function answerScriptTool(request: Record<string, unknown>, tool: string): unknown {
  const body = request as ConverseBody;
  const messages = body.messages ?? [];
  const first = texts(messages[0]?.content);
  const last = texts(messages[messages.length - 1]?.content);
  // The user turn quotes the hosts, in order, each as `<host>Name</host>`.
  const named = [...first.matchAll(/<host>([^<]*)<\/host>/g)].map((match) => match[1] ?? '');
  const hosts = named.length > 0 ? named : ['Alex', 'Sam'];
  const target =
    number(/the target is (\d+)/, last) ?? number(/about (\d+) (?:spoken )?words/, first) ?? 300;
  const topic = /Topic: (.*)/.exec(first)?.[1] ?? 'the topic';
  if (tool === 'submit_podcast_outline') {
    const count = number(/between (\d+) and \d+ chapters/, first) ?? 2;
    const share = Math.round(target / count);
    return {
      title: `${topic}: a long episode`.slice(0, 200),
      summary: `A long conversation about ${topic}.`,
      keyPoints: ['The moon pulls the oceans.', 'Most coasts see two tides a day.'],
      chapters: Array.from({ length: count }, (_, i) => ({
        title: `Part ${i + 1}`,
        brief: `Part ${i + 1} of the conversation about ${topic}.`,
        targetWords: share,
      })),
    };
  }
  if (tool === 'submit_podcast_chapter') return { segments: segments(target, hosts) };
  const all = segments(target, hosts);
  const half = Math.ceil(all.length / 2);
  return {
    title: `${topic}`.slice(0, 200),
    summary: `A conversation about ${topic}.`,
    hosts: hosts.map((name) => ({ name })),
    chapters: [
      { title: 'Opening', segments: all.slice(0, half) },
      ...(all.length > half ? [{ title: 'Closing', segments: all.slice(half) }] : []),
    ],
    keyPoints: ['The moon pulls the oceans.', 'Most coasts see two tides a day.'],
  };
}
