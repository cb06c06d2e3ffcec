import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localIdToken } from '../../../scripts/local/cognito-local.js';
import { spawnLocalStack, type SpawnedStack } from '../../../scripts/local/spawn-stack.js';

/** `npm start` keeps data across restarts: a second stack on the same data folder sees the first one's writes. */
describe('local stack restart', () => {
  const root = resolve(import.meta.dirname, '../../..');
  const dataDir = mkdtempSync(join(tmpdir(), 'goldbot-restart-'));
  let running: SpawnedStack | undefined;
  afterAll(async () => {
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps contact messages, the user pool and the admin after a restart', { timeout: 240_000 }, async () => {
    running = await spawnLocalStack({ root, dataDir });
    const first = running.info;
    const sent = await fetch(`${first.urls.api}/api/contact/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Persisted', email: 'keep@example.com', message: 'still here after restart' }),
    });
    expect(sent.status).toBe(201);
    const { data } = (await sent.json()) as { data: { _id: string } };
    await running.stop();

    running = await spawnLocalStack({ root, dataDir });
    const second = running.info;
    expect(second.pool).toEqual(first.pool);

    const token = await localIdToken(second.urls.cognito, second.pool, second.admin);
    // A token straight from Cognito: its first call is /me, which sets up the admin's profile.
    const headers = { authorization: `Bearer ${token}` };
    expect((await fetch(`${second.urls.api}/api/auth/me`, { headers })).status).toBe(200);
    const listed = await fetch(`${second.urls.api}/api/contact/get`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { data: { _id: string }[] };
    expect(body.data.map((m) => m._id)).toContain(data._id);
  });
});
