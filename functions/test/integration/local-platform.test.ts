import { describe, expect, it } from 'vitest';
import { api, stack } from './http-client.js';

describe('local platform', () => {
  it('answers the health check and API Gateway style 404s', async () => {
    const health = await api<{ status: string }>('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
    expect(health.headers.get('content-type')).toContain('application/json');
    expect((await api('/api/nothing-here')).status).toBe(404);
    expect((await api('/api/contact/add', { method: 'GET' })).status).toBe(404);
  });

  it('serves the SES emulator store', async () => {
    const response = await fetch(`${stack().urls.sesInbox}/store`);
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty('emails');
  });
});
