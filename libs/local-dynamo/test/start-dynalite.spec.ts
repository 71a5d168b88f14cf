import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetItemCommand, ListTablesCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { createTables } from '../src/create-tables';
import { DynaliteStartError, InvalidPortError } from '../src/errors';
import { startDynalite, type LocalDynamo } from '../src/start-dynalite';

describe('startDynalite', () => {
  const running: LocalDynamo[] = [];
  afterEach(async () => {
    for (const dynamo of running.splice(0)) await dynamo.close().catch(() => undefined);
  });
  const start = async (options?: Parameters<typeof startDynalite>[0]): Promise<LocalDynamo> => {
    const dynamo = await startDynalite(options);
    running.push(dynamo);
    return dynamo;
  };

  it('serves the DynamoDB API on 127.0.0.1 to the real client it returns', async () => {
    const dynamo = await start();
    expect(dynamo.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const output = await dynamo.client.send(new ListTablesCommand({}));
    expect(output.TableNames).toEqual([]);
    expect(await dynamo.client.config.region()).toBe('local');
  });

  it('counts the requests the server receives, from every client made for it', async () => {
    const dynamo = await start();
    expect(dynamo.requestsReceived()).toBe(0);
    await dynamo.client.send(new ListTablesCommand({}));
    await dynamo.newClient().send(new ListTablesCommand({}));
    expect(dynamo.requestsReceived()).toBe(2);
  });

  it('gives further clients that see the same data', async () => {
    const dynamo = await start();
    await createTables(dynamo.client, [{ name: 'things', partitionKey: 'id' }]);
    await dynamo.client.send(
      new PutItemCommand({ TableName: 'things', Item: { id: { S: 'a' }, n: { N: '1' } } }),
    );
    const other = dynamo.newClient();
    expect(other).not.toBe(dynamo.client);
    const output = await other.send(
      new GetItemCommand({ TableName: 'things', Key: { id: { S: 'a' } }, ConsistentRead: true }),
    );
    expect(output.Item?.['n']).toEqual({ N: '1' });
  });

  it('keeps tables and items across a restart when a path is given', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'local-dynamo-'));
    try {
      const first = await startDynalite({ path: folder });
      await createTables(first.client, [{ name: 'kept', partitionKey: 'id' }]);
      await first.client.send(new PutItemCommand({ TableName: 'kept', Item: { id: { S: 'x' } } }));
      await first.close();

      const second = await start({ path: folder });
      expect((await second.client.send(new ListTablesCommand({}))).TableNames).toEqual(['kept']);
      const output = await second.client.send(
        new GetItemCommand({ TableName: 'kept', Key: { id: { S: 'x' } }, ConsistentRead: true }),
      );
      expect(output.Item).toEqual({ id: { S: 'x' } });
      await second.close();
      running.splice(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('keeps nothing across a restart without a path', async () => {
    const first = await startDynalite();
    await createTables(first.client, [{ name: 'gone', partitionKey: 'id' }]);
    await first.close();
    const second = await start();
    expect((await second.client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
  });

  it('closes cleanly: the port is free again and the clients are destroyed', async () => {
    const dynamo = await startDynalite();
    const port = Number(new URL(dynamo.endpoint).port);
    await dynamo.close();
    await expect(dynamo.client.send(new ListTablesCommand({}))).rejects.toThrow();
    const again = await start({ port });
    expect(again.endpoint).toBe(dynamo.endpoint);
    expect((await again.client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
  });

  it('rejects a port outside 0-65535 with InvalidPortError before starting anything', async () => {
    await expect(startDynalite({ port: 70_000 })).rejects.toBeInstanceOf(InvalidPortError);
    await expect(startDynalite({ port: 1.5 })).rejects.toBeInstanceOf(InvalidPortError);
  });

  it('rejects a port already in use with DynaliteStartError, keeping the cause', async () => {
    const dynamo = await start();
    const port = Number(new URL(dynamo.endpoint).port);
    const failure = await startDynalite({ port }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DynaliteStartError);
    expect((failure as DynaliteStartError).cause).toMatchObject({ code: 'EADDRINUSE' });
  });
});
