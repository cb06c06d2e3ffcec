import { DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { implementedRoutes } from '@goldbot/shared';
import { callerFromEvent } from '../../src/kit/identity.js';
import { invoke, loadSampleEvent, type HttpHandler } from '../helpers/lambda.js';

/**
 * The sample events are what `npm run invoke -- <id>` and `sam local invoke` send: each must run
 * its real handler to a success answer (with the table mocked).
 */
const dynamo = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  dynamo.reset();
  dynamo.on(PutCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
  dynamo.on(DeleteCommand).resolves({});
});
afterAll(() => dynamo.restore());

describe('events/<id>.json', () => {
  it.each(implementedRoutes().map((r) => [r.id, r] as const))('%s runs its handler successfully', async (id, route) => {
    const event = loadSampleEvent(id);
    const { handler } = (await import(`../../src/handlers/${id}.ts`)) as { handler: HttpHandler };
    const res = await invoke(handler, event);
    expect(res.statusCode, res.rawBody).toBeGreaterThanOrEqual(200);
    expect(res.statusCode, res.rawBody).toBeLessThan(300);
    const caller = callerFromEvent(event);
    if (route.auth === 'public') expect(caller).toBeNull();
    if (route.auth === 'admin') expect(caller?.isAdmin).toBe(true);
  });

  it('contact-add stores the sample message', async () => {
    const res = await invoke(
      (await import('../../src/handlers/contact-add.js')).handler,
      loadSampleEvent('contact-add'),
    );
    expect(res.statusCode).toBe(201);
    expect(dynamo.commandCalls(PutCommand)[0]?.args[0].input.Item).toMatchObject({
      name: 'Jane Doe',
      email: 'jane.doe@example.com',
    });
  });

  it('contact-list passes the sample limit to the query', async () => {
    await invoke((await import('../../src/handlers/contact-list.js')).handler, loadSampleEvent('contact-list'));
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input.Limit).toBe(20);
  });

  it('contact-delete deletes the sample id', async () => {
    const event = loadSampleEvent('contact-delete');
    await invoke((await import('../../src/handlers/contact-delete.js')).handler, event);
    expect(dynamo.commandCalls(DeleteCommand)[0]?.args[0].input.Key).toEqual({
      PK: `CONTACT#${event.pathParameters?.id}`,
      SK: `CONTACT#${event.pathParameters?.id}`,
    });
  });
});
