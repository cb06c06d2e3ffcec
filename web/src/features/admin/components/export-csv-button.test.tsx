import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/auth-helpers';
import { deferred, jsonResponse } from '@/test/test-utils';
import { captureDownloads, csvResponse } from '../testing/capture-downloads';
import { nth, queriesTo, renderAdminScreen } from '../testing/render-admin';
import { ExportCsvButton, fallbackFileName, NEXT_PART_HEADER } from './export-csv-button';

const EXPORT_USERS = 'GET /api/admin/export/users';
const CSV = 'Username,Email,Phone\r\nada,ada@example.com,\r\n';

describe('ExportCsvButton', () => {
  it("downloads the list's current filter with the admin's token and saves it under the server's name", async () => {
    const downloads = captureDownloads();
    const api = mockApi({ [EXPORT_USERS]: csvResponse(CSV, 'users-2026-03-02.csv') });
    const { user } = renderAdminScreen(<ExportCsvButton dataset="users" query={{ search: ' ada ', status: '' }} />);
    await user.click(screen.getByRole('button', { name: 'Export users as CSV' }));

    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    const file = nth(downloads.saved, 0);
    expect(file).toMatchObject({ fileName: 'users-2026-03-02.csv', attached: true });
    expect(await file.blob.text()).toBe(CSV);
    // The temporary link is gone and its URL let go.
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(downloads.revokeObjectURL).toHaveBeenCalledWith(file.href));

    const query = nth(queriesTo(api, EXPORT_USERS), 0);
    expect([...query.entries()]).toEqual([['search', 'ada']]);
    expect(nth(api.requestsTo(EXPORT_USERS), 0).headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('fetches every part of a long export in turn, each from the cursor of the one before, and saves one file', async () => {
    const downloads = captureDownloads();
    const part = (text: string, next?: string) => {
      const response = csvResponse(text, 'payments-2026-03-02.csv');
      if (next) response.headers.set(NEXT_PART_HEADER, next);
      return response;
    };
    const api = mockApi({
      'GET /api/admin/export/payments': [part('Date,ID\r\n1,a\r\n', 'c1'), part('2,b\r\n', 'c2'), part('3,c\r\n')],
    });
    const { user } = renderAdminScreen(<ExportCsvButton dataset="payments" query={{ status: 'pending' }} />);
    await user.click(screen.getByRole('button', { name: 'Export payments as CSV' }));

    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    const file = nth(downloads.saved, 0);
    expect(file.fileName).toBe('payments-2026-03-02.csv');
    const saved = await new Promise<unknown>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result);
      reader.readAsText(file.blob);
    });
    expect(saved).toBe('Date,ID\r\n1,a\r\n2,b\r\n3,c\r\n');
    const queries = queriesTo(api, 'GET /api/admin/export/payments').map((q) => [...q.entries()]);
    expect(queries).toEqual([
      [['status', 'pending']],
      [
        ['status', 'pending'],
        ['cursor', 'c1'],
      ],
      [
        ['status', 'pending'],
        ['cursor', 'c2'],
      ],
    ]);
  });

  it('names the file after the dataset and the day when the server names none', async () => {
    const downloads = captureDownloads();
    mockApi({ 'GET /api/admin/export/payments': csvResponse(CSV) });
    const { user } = renderAdminScreen(<ExportCsvButton dataset="payments" query={{ status: 'pending' }} />);
    await user.click(screen.getByRole('button', { name: 'Export payments as CSV' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(nth(downloads.saved, 0).fileName).toBe(fallbackFileName('payments'));
    expect(fallbackFileName('payments', new Date('2026-03-02T10:00:00Z'))).toBe('payments-2026-03-02.csv');
  });

  it('shows its loading state and sends one request however often it is clicked', async () => {
    const downloads = captureDownloads();
    const answer = deferred<Response>();
    const api = mockApi({ [EXPORT_USERS]: () => answer.promise });
    const { user } = renderAdminScreen(<ExportCsvButton dataset="users" query={{}} />);
    const button = screen.getByRole('button', { name: 'Export users as CSV' });
    await user.click(button);
    expect(button).toHaveTextContent('Exporting...');
    expect(button).toBeDisabled();
    await user.click(button);
    answer.resolve(csvResponse(CSV, 'users.csv'));
    await waitFor(() => expect(button).toHaveTextContent('Export CSV'));
    expect(api.requestsTo(EXPORT_USERS)).toHaveLength(1);
    expect(downloads.saved).toHaveLength(1);
  });

  it("shows the server's message in an error alert, or the fallback, and saves nothing", async () => {
    const downloads = captureDownloads();
    const api = mockApi({
      [EXPORT_USERS]: jsonResponse({ message: 'search is too long', msg: 'search is too long' }, 400),
    });
    const { user } = renderAdminScreen(<ExportCsvButton dataset="users" query={{ search: 'x' }} />);
    await user.click(screen.getByRole('button', { name: 'Export users as CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('search is too long');
    expect(downloads.saved).toHaveLength(0);

    api.on(EXPORT_USERS, new Response('<html>bad gateway</html>', { status: 502 }));
    await user.click(screen.getByRole('button', { name: 'Export users as CSV' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to export users'));

    api.on(EXPORT_USERS, csvResponse(CSV, 'users.csv'));
    await user.click(screen.getByRole('button', { name: 'Export users as CSV' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
