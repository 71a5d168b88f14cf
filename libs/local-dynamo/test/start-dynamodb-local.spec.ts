import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  GetItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { createTables } from '../src/create-tables';
import type { LocalDynamo } from '../src/start-dynalite';
import { startDynamoDbLocal } from '../src/start-dynamodb-local';

jest.setTimeout(90_000);

let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startDynamoDbLocal();
});
afterAll(async () => {
  await dynamo?.close();
});

describe('startDynamoDbLocal', () => {
  it('answers the real SDK client, with transactions that dynalite does not implement', async () => {
    await createTables(dynamo.client, [{ name: 'things', partitionKey: 'id' }]);
    await dynamo.client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Put: { TableName: 'things', Item: { id: { S: 'a' } } } },
          { Put: { TableName: 'things', Item: { id: { S: 'b' } } } },
        ],
      }),
    );
    const { Item } = await dynamo.client.send(
      new GetItemCommand({ TableName: 'things', Key: { id: { S: 'b' } }, ConsistentRead: true }),
    );
    expect(Item).toEqual({ id: { S: 'b' } });
  });

  it('counts the requests of every client it made, on one shared database', async () => {
    const other: DynamoDBClient = dynamo.newClient();
    const before = dynamo.requestsReceived();
    const { Item } = await other.send(
      new GetItemCommand({ TableName: 'things', Key: { id: { S: 'a' } }, ConsistentRead: true }),
    );
    expect(Item).toEqual({ id: { S: 'a' } });
    expect(dynamo.requestsReceived() - before).toBe(1);
  });
});

describe('startDynamoDbLocal with a path', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'lumcast-dynamodb-local-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('creates the missing folder and keeps tables and items there across a restart, a relative path taken from the current directory', async () => {
    const folder = path.join(parent, 'nested', 'dynamodb');
    const relative = path.relative(process.cwd(), folder);
    const first = await startDynamoDbLocal({ path: relative });
    try {
      await createTables(first.client, [{ name: 'kept', partitionKey: 'id' }]);
      await first.client.send(
        new PutItemCommand({ TableName: 'kept', Item: { id: { S: 'x' }, n: { N: '7' } } }),
      );
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(folder, 'shared-local-instance.db'))).toBe(true);

    const second = await startDynamoDbLocal({ path: relative });
    try {
      const { Item } = await second.client.send(
        new GetItemCommand({ TableName: 'kept', Key: { id: { S: 'x' } }, ConsistentRead: true }),
      );
      expect(Item).toEqual({ id: { S: 'x' }, n: { N: '7' } });
    } finally {
      await second.close();
    }
  });
});

/** Whether a pid runs: it exists and is not a zombie. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function endsWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (running(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

describe('the DynamoDB Local process', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'lumcast-dynamodb-jvm-'));
  const jvms: number[] = [];
  afterAll(() => {
    for (const pid of jvms.filter(running)) process.kill(pid, 'SIGKILL');
    rmSync(parent, { recursive: true, force: true });
  });

  it('is reported to onSpawn with its pid and absolute -dbPath before it answers, and stopped when onSpawn throws', async () => {
    const folder = path.join(parent, 'spawned');
    let seen: { pid: number; dbPath: string | undefined } | undefined;
    const refused = new Error('not recorded');
    await expect(
      startDynamoDbLocal({
        path: path.relative(process.cwd(), folder),
        onSpawn: (jvm) => {
          seen = jvm;
          jvms.push(jvm.pid);
          const args = readFileSync(`/proc/${jvm.pid}/cmdline`, 'utf8').split('\0');
          expect(args.slice(args.indexOf('-dbPath'), args.indexOf('-dbPath') + 2)).toEqual([
            '-dbPath',
            folder,
          ]);
          throw refused;
        },
      }),
    ).rejects.toBe(refused);
    expect(seen?.dbPath).toBe(folder);
    expect(await endsWithin(seen?.pid ?? 0, 10_000)).toBe(true);
  });

  it('is stopped when the process that started it dies of an uncaught error', async () => {
    const script = path.join(parent, 'crash.ts');
    writeFileSync(
      script,
      [
        `import { startDynamoDbLocal } from ${JSON.stringify(path.resolve(__dirname, '../src/index'))};`,
        'void startDynamoDbLocal({ onSpawn: ({ pid }) => console.log(`jvm ${pid}`) }).then(() => {',
        "  setTimeout(() => { throw new Error('an uncaught error'); }, 0);",
        '});',
      ].join('\n'),
    );
    const tsx = path.resolve(__dirname, '../../../node_modules/.bin/tsx');
    const child = spawn(tsx, [script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let timer: NodeJS.Timeout | undefined;
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', resolve);
      timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    });
    clearTimeout(timer);
    const pid = Number(/jvm (\d+)/.exec(output)?.[1]);
    if (pid > 0) jvms.push(pid);
    expect(output).toContain('an uncaught error');
    expect(code).toBe(1);
    expect(pid).toBeGreaterThan(0);
    expect(await endsWithin(pid, 15_000)).toBe(true);
  });
});
