import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@goldbot/shared';
import { jsonResponse } from '@/test/test-utils';
import {
  ApiError,
  apiDownload,
  apiRequest,
  fileNameFrom,
  INVALID_RESPONSE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  parseRetryAfter,
  registerSessionBridge,
  type ResponseSchema,
} from './api-client';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});

function lastRequest() {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url, init, headers: new Headers(init?.headers) };
}

async function captureError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

const greetingSchema: ResponseSchema<{ greeting: string }> = {
  safeParse: (data) =>
    typeof data === 'object' && data !== null && 'greeting' in data && typeof data.greeting === 'string'
      ? { success: true, data: { greeting: data.greeting } }
      : { success: false, error: new Error('not a greeting') },
};

// The bridges the running test registered, unregistered after it whether it passed or not.
const unregisterBridges: Array<() => void> = [];
afterEach(() => {
  for (const unregister of unregisterBridges.splice(0)) unregister();
});

/**
 * Registers, for this test only, a session whose token is `token`; a 401 is recovered with the
 * `renewed` token, or not at all without one.
 */
function registeredBridge(token: string, renewed?: string) {
  const bridge = {
    getToken: vi.fn(async () => token),
    recoverFromUnauthorized: renewed === undefined ? vi.fn() : vi.fn(async () => renewed),
    endSession: vi.fn(),
  };
  unregisterBridges.push(registerSessionBridge(bridge));
  return bridge;
}

/** The bearer header of every request sent, oldest first. */
const sentTokens = () => fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Authorization'));

describe('apiRequest', () => {
  it('takes method and path from the shared route table and sends JSON', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ ok: true }, 201));
    await expect(apiRequest('contact-add', { body: { name: 'Ada' } })).resolves.toEqual({ ok: true });

    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/contact/add');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"Ada"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('sends cookies to its own origin only (the refresh cookie), and is not kept alive unless asked', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ token: 't', expiresIn: 3600 }));
    await apiRequest('auth-refresh', { body: {}, token: null });
    expect(lastRequest().init).toMatchObject({ credentials: 'same-origin', keepalive: false });

    await apiRequest('auth-logout', { body: {}, token: 'bearer-1', keepalive: true });
    expect(lastRequest().init).toMatchObject({ credentials: 'same-origin', keepalive: true });
  });

  it("leaves the browser's cache mode alone unless asked (an editor reading a publicly cached list)", async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ packages: [] }));
    await apiRequest('packages-list');
    expect(lastRequest().init).not.toHaveProperty('cache');

    await apiRequest('packages-list', { cache: 'no-store' });
    expect(lastRequest().init).toMatchObject({ cache: 'no-store' });
  });

  it('fills path parameters (encoded) and leaves empty query values out', async () => {
    // A Response body can be read once, so every call gets a fresh one.
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await apiRequest('contact-delete', { params: { id: 'a/b c' } });
    expect(lastRequest().url).toBe('/api/contact/del/a%2Fb%20c');
    expect(lastRequest().init?.method).toBe('DELETE');

    await apiRequest('contact-list', { query: { limit: 10, cursor: undefined, unread: null, all: false } });
    expect(lastRequest().url).toBe('/api/contact/get?limit=10&all=false');
    expect(lastRequest().headers.has('Content-Type')).toBe(false);
  });

  it('attaches the stored token as a bearer token, and nothing when signed out', async () => {
    // A Response body can be read once, so every call gets a fresh one.
    fetchMock.mockImplementation(async () => jsonResponse({}));
    await apiRequest('health');
    expect(lastRequest().headers.has('Authorization')).toBe(false);

    localStorage.setItem(STORAGE_KEYS.token, 'abc.def.ghi');
    await apiRequest('auth-me');
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('turns an error body into an ApiError with status, message and field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { message: 'Name is required', msg: 'Name is required', errors: { name: 'Name is required', bad: 3 } },
        400,
      ),
    );
    const error = await captureError(apiRequest('contact-add', { body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Name is required',
      fieldErrors: { name: 'Name is required' },
    });
  });

  it('reads the message from msg when message is absent', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ msg: 'Invalid credentials' }, 401));
    const error = await captureError(apiRequest('auth-login', { body: {} }));
    expect(error).toMatchObject({ status: 401, message: 'Invalid credentials', fieldErrors: {} });
  });

  it('gives a readable message when the error body is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = await captureError(apiRequest('health'));
    expect(error).toMatchObject({
      status: 502,
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
  });

  it('reports an unreachable server as status 0 with a human message', async () => {
    const cause = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValueOnce(cause);
    const error = await captureError(apiRequest('health'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE, cause });
  });

  it('lets a cancelled request stay a cancellation', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    const error = await captureError(apiRequest('health'));
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('validates a successful response with the given schema', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ greeting: 'hi', extra: 1 }));
    await expect(apiRequest('health', { schema: greetingSchema })).resolves.toEqual({ greeting: 'hi' });

    fetchMock.mockResolvedValueOnce(jsonResponse({ unexpected: true }));
    const error = await captureError(apiRequest('health', { schema: greetingSchema }));
    expect(error).toMatchObject({ status: 200, message: INVALID_RESPONSE_MESSAGE });
  });

  it('returns undefined for an empty success body', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(apiRequest('contact-delete', { params: { id: 'x' } })).resolves.toBeUndefined();
  });

  it('refuses a body on a GET route before calling the network', async () => {
    await expect(apiRequest('health', { body: { nope: true } })).rejects.toThrow(/GET route/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a route whose path parameter is missing', async () => {
    await expect(apiRequest('contact-delete')).rejects.toThrow(/Missing path parameter "id"/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('never sends the stored token to a public route', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    localStorage.setItem(STORAGE_KEYS.token, 'abc.def.ghi');
    await apiRequest('auth-login', { body: { email: 'a@example.com', password: 'x' } });
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('sends an explicit token instead of the stored one, or none for null', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    localStorage.setItem(STORAGE_KEYS.token, 'stored');
    await apiRequest('auth-me', { token: 'fresh' });
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer fresh');
    await apiRequest('auth-me', { token: null });
    expect(lastRequest().headers.has('Authorization')).toBe(false);
  });

  it('keeps the Retry-After seconds and the error body of a refusal', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ message: 'Wait', needsVerification: true }), {
        status: 429,
        headers: { 'Retry-After': '30' },
      }),
    );
    const error = await captureError(apiRequest('auth-resend-otp', { body: { email: 'a@example.com' } }));
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 30, body: { needsVerification: true } });
  });

  it('asks the session for the token, and hands it a 401 to recover from once', async () => {
    const bridge = registeredBridge('old', 'new');
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ message: 'Unauthorized' }, 401))
      .mockResolvedValueOnce(jsonResponse({ message: 'Unauthorized' }, 401));
    const error = await captureError(apiRequest('auth-me'));
    expect(error).toMatchObject({ status: 401 });
    expect(sentTokens()).toEqual(['Bearer old', 'Bearer new']);
    expect(bridge.recoverFromUnauthorized).toHaveBeenCalledWith('old');
    expect(bridge.endSession).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the server says the account is deactivated, not on another 403', async () => {
    const bridge = registeredBridge('t');
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'You do not have permission to do this.' }, 403));
    await captureError(apiRequest('auth-me'));
    expect(bridge.endSession).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(
      jsonResponse({ message: 'Account is deactivated', msg: 'Account is deactivated' }, 403),
    );
    const error = await captureError(apiRequest('auth-me'));
    expect(error).toMatchObject({ status: 403, message: 'Account is deactivated' });
    expect(bridge.endSession).toHaveBeenCalledTimes(1);
    expect(bridge.recoverFromUnauthorized).not.toHaveBeenCalled();

    // A public call (the login form) reports it without touching any session.
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Account is deactivated' }, 403));
    await captureError(apiRequest('auth-login', { body: {} }));
    expect(bridge.endSession).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone on a 401 the caller expects', async () => {
    const bridge = registeredBridge('t');
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'Current password is incorrect' }, 401));
    await captureError(
      apiRequest('auth-update-user', { params: { id: 'u1' }, body: {}, unauthorizedEndsSession: false }),
    );
    expect(bridge.recoverFromUnauthorized).not.toHaveBeenCalled();
    expect(bridge.endSession).not.toHaveBeenCalled();
  });
});

const csvResponse = (text: string, headers: Record<string, string> = {}) =>
  new Response(text, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', ...headers } });

describe('apiDownload', () => {
  it('answers the bytes and the suggested file name, sent with the bearer token and the query', async () => {
    registeredBridge('admin-token');
    fetchMock.mockResolvedValueOnce(
      csvResponse('Username,Email\r\nada,ada@example.com\r\n', {
        'Content-Disposition': 'attachment; filename="users-2026-03-02.csv"',
      }),
    );
    const download = await apiDownload('admin-export', {
      params: { dataset: 'users' },
      query: { search: 'ada', status: undefined },
    });
    expect(await download.blob.text()).toBe('Username,Email\r\nada,ada@example.com\r\n');
    expect(download.fileName).toBe('users-2026-03-02.csv');
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/admin/export/users?search=ada');
    expect(init?.method).toBe('GET');
    expect(headers.get('Authorization')).toBe('Bearer admin-token');
    expect(headers.get('Accept')).toBe('*/*');
  });

  it("turns a refusal's JSON body into an ApiError with the server's message", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'dataset must be one of payments', msg: 'x' }, 400));
    const error = await captureError(apiDownload('admin-export', { params: { dataset: 'nope' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'dataset must be one of payments' });
  });

  it('refreshes the token once on a 401 and downloads with the new one', async () => {
    const bridge = registeredBridge('old', 'new');
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ message: 'Unauthorized' }, 401))
      .mockResolvedValueOnce(csvResponse('a,b\r\n'));
    const download = await apiDownload('admin-export', { params: { dataset: 'payments' } });
    expect(await download.blob.text()).toBe('a,b\r\n');
    expect(download.fileName).toBeNull();
    expect(sentTokens()).toEqual(['Bearer old', 'Bearer new']);
    expect(bridge.endSession).not.toHaveBeenCalled();
  });
});

describe('fileNameFrom', () => {
  it('reads quoted and bare file names, and null without one', () => {
    expect(fileNameFrom('attachment; filename="payments.csv"')).toBe('payments.csv');
    expect(fileNameFrom('attachment; filename=withdrawals.csv; size=10')).toBe('withdrawals.csv');
    expect(fileNameFrom('attachment')).toBeNull();
    expect(fileNameFrom(null)).toBeNull();
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:01:30 GMT', now)).toBe(90);
  });
});
