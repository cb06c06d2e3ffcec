import { describe, expect, it } from 'vitest';
import { api, idTokenFor, stack } from './http-client.js';

describe('local platform', () => {
  it('answers the health check and API Gateway style 404s', async () => {
    const health = await api<{ status: string }>('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    expect(health.headers.get('content-type')).toContain('application/json');
    expect((await api('/api/nothing-here')).status).toBe(404);
    expect((await api('/api/contact/add', { method: 'GET' })).status).toBe(404);
  });

  it('serves the seeded package catalog publicly, in display order, cacheable', async () => {
    const response = await api<{ packages: { slug: string; packageName: string; priceUsd: number }[] }>(
      '/api/packages',
    );
    expect(response.status).toBe(200);
    expect(response.body.packages.map((p) => [p.slug, p.packageName, p.priceUsd])).toEqual([
      ['freeTrial', 'Free Trial', 0],
      ['basic', 'Basic Package', 60],
      ['pro', 'Pro Package', 250],
      ['ultimate', 'Ultimate Package', 1000],
    ]);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('serves the SES emulator store', async () => {
    const response = await fetch(`${stack().urls.sesInbox}/store`);
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty('emails');
  });

  it('says in headers how many DynamoDB requests the handler made (the round-trips bench reads them)', async () => {
    const health = await api('/api/health');
    expect(health.headers.get('x-local-dynamodb-requests')).toBe('0');
    expect(health.headers.get('x-local-dynamodb-commands')).toBe('');
    const me = await api('/api/auth/me', { token: await idTokenFor('user') });
    expect(me.status).toBe(200);
    const commands = me.headers.get('x-local-dynamodb-commands')?.split(',') ?? [];
    // The session guard reads the profile: at least that one Get.
    expect(commands).toContain('GetItemCommand');
    expect(me.headers.get('x-local-dynamodb-requests')).toBe(String(commands.length));
  });
});
