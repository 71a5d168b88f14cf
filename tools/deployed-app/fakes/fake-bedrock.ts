/**
 * A wire-level fake of Amazon Bedrock Runtime's Converse API for the deployed-app run: a local
 * cleartext HTTP/2 server (the real `BedrockRuntimeClient`'s default handler is `NodeHttp2Handler`)
 * answering `POST /model/{modelId}/converse` in JSON, with AWS JSON errors (`x-amzn-errortype`).
 *
 * It answers the script writer's forced tool calls (`submit_podcast_outline`,
 * `submit_podcast_chapter`, `submit_podcast_script`, and their repair/revision rounds) with
 * content that passes the writer's validation at the requested length, read from the prompts
 * as they state it (`about <n> words`, `between <a> and <b> chapters`, a revision's
 * `the target is <n>`). A non-streaming answer comes all at once after the time the output
 * would take at `outputTokensPerSecond` (about 4 characters per token).
 *
 * Faults: {@link FakeBedrock.inject} (`server-error` = HTTP 500 `InternalServerException`,
 * `timeout` = never answered until the client gives up, `throttle` = HTTP 429
 * `ThrottlingException`) for the next `count` requests, or a throttle storm for `durationMs`.
 *
 * @packageDocumentation
 */
import {
  createServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

/**
 * Options of {@link startFakeBedrock}; all optional.
 *
 * @example
 * ```ts
 * const bedrock = await startFakeBedrock({ outputTokensPerSecond: 600 }); // 10× faster than real
 * ```
 */
export interface FakeBedrockOptions {
  /** Output rate of the model; default 60 tokens per second (realistic for Claude Sonnet). */
  outputTokensPerSecond?: number;
  /** Port to listen on; default a free one. */
  port?: number;
  /** The clock of the throttle storm; default `() => new Date()`. */
  now?: () => Date;
}

/**
 * A fault for the next `count` Converse requests, or a throttle storm of `durationMs`.
 *
 * @example
 * ```ts
 * bedrock.inject({ kind: 'server-error', count: 1 });
 * bedrock.inject({ kind: 'throttle', durationMs: 2_000 });
 * ```
 */
export type FakeBedrockFault =
  | { kind: 'server-error' | 'timeout' | 'throttle'; count: number }
  | { kind: 'throttle'; durationMs: number };

/**
 * One request the fake received and how it answered.
 *
 * @example
 * ```ts
 * bedrock.requests.filter((request) => request.answer === 'throttle').length;
 * ```
 */
export interface FakeBedrockRequest {
  /** When the request arrived (the system clock). */
  at: Date;
  modelId: string;
  /** The forced tool's name, when the request forced one. */
  tool: string | undefined;
  body: Record<string, unknown>;
  answer: 'ok' | 'server-error' | 'timeout' | 'throttle' | 'bad-request';
  /** Output tokens of an `ok` answer. */
  outputTokens: number;
}

/**
 * A running fake Bedrock.
 *
 * @example
 * ```ts
 * const client = new BedrockRuntimeClient({ endpoint: bedrock.url, region: 'us-east-1', credentials });
 * ```
 */
export interface FakeBedrock {
  /** `http://127.0.0.1:<port>`, the `endpoint` of a `BedrockRuntimeClient`. */
  url: string;
  requests: FakeBedrockRequest[];
  inject(fault: FakeBedrockFault): void;
  stop(): Promise<void>;
}

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

/** The tool input a well-behaved model would submit for this request. */
function answerFor(body: ConverseBody, tool: string): unknown {
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

/**
 * Starts the fake (see the module description).
 *
 * @example
 * ```ts
 * const bedrock = await startFakeBedrock({ outputTokensPerSecond: 6_000 });
 * bedrock.inject({ kind: 'timeout', count: 1 });
 * // … run the app with LUMCAST_BEDROCK endpoint = bedrock.url …
 * await bedrock.stop();
 * ```
 */
export async function startFakeBedrock(options: FakeBedrockOptions = {}): Promise<FakeBedrock> {
  const rate = options.outputTokensPerSecond ?? 60;
  if (!(rate > 0)) throw new RangeError('outputTokensPerSecond must be positive');
  const now = options.now ?? (() => new Date());
  const requests: FakeBedrockRequest[] = [];
  const faults: { kind: 'server-error' | 'timeout' | 'throttle'; left: number }[] = [];
  let stormUntil = 0;
  const sessions = new Set<ServerHttp2Session>();
  const timers = new Set<NodeJS.Timeout>();

  const send = (
    response: Http2ServerResponse,
    status: number,
    body: unknown,
    errorType?: string,
  ) => {
    if (response.stream.destroyed) return;
    const text = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'x-amzn-requestid': randomUUID(),
      ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
    });
    response.end(text);
  };

  const handle = (request: Http2ServerRequest, response: Http2ServerResponse, raw: string) => {
    const path = decodeURIComponent(request.url ?? '');
    const route = /^\/model\/([^/]+)\/converse$/.exec(path);
    if (request.method !== 'POST' || !route) {
      send(
        response,
        404,
        { message: `no route for ${request.method} ${path}` },
        'UnknownOperationException',
      );
      return;
    }
    let body: ConverseBody & Record<string, unknown>;
    try {
      body = JSON.parse(raw) as ConverseBody & Record<string, unknown>;
    } catch {
      send(response, 400, { message: 'the body is not JSON' }, 'ValidationException');
      return;
    }
    const tool = body.toolConfig?.toolChoice?.tool?.name;
    const record: FakeBedrockRequest = {
      at: new Date(),
      modelId: route[1] ?? '',
      tool,
      body,
      answer: 'ok',
      outputTokens: 0,
    };
    requests.push(record);
    const fault =
      now().getTime() < stormUntil
        ? { kind: 'throttle' as const, left: 1 }
        : faults.find((f) => f.left > 0);
    if (fault) {
      if (now().getTime() >= stormUntil) fault.left -= 1;
      record.answer = fault.kind;
      if (fault.kind === 'timeout') return; // never answered; the client's timeout ends it
      if (fault.kind === 'throttle') {
        send(
          response,
          429,
          { message: 'Too many requests, please wait before trying again.' },
          'ThrottlingException',
        );
      } else {
        send(
          response,
          500,
          { message: 'The server encountered an internal error.' },
          'InternalServerException',
        );
      }
      return;
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      record.answer = 'bad-request';
      send(response, 400, { message: 'messages must not be empty' }, 'ValidationException');
      return;
    }
    const input = tool ? answerFor(body, tool) : undefined;
    const content = tool
      ? [{ toolUse: { toolUseId: `tooluse_${randomUUID()}`, name: tool, input } }]
      : [{ text: 'I can only answer the tool this fake knows.' }];
    const outputTokens = Math.ceil(JSON.stringify(content).length / 4);
    const inputTokens = Math.ceil(raw.length / 4);
    record.outputTokens = outputTokens;
    const latencyMs = Math.round((outputTokens / rate) * 1000);
    const timer = setTimeout(() => {
      timers.delete(timer);
      send(response, 200, {
        output: { message: { role: 'assistant', content } },
        stopReason: tool ? 'tool_use' : 'end_turn',
        usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
        metrics: { latencyMs },
      });
    }, latencyMs);
    timers.add(timer);
  };

  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => handle(request, response, Buffer.concat(parts).toString('utf8')));
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    inject(fault) {
      if ('durationMs' in fault) {
        stormUntil = Math.max(stormUntil, now().getTime() + fault.durationMs);
      } else {
        faults.push({ kind: fault.kind, left: fault.count });
      }
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
