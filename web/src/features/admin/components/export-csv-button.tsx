import { useRef, useState } from 'react';
import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import type { ExportDataset } from '@goldbot/shared';
import { apiDownload } from '@/lib/api-client';
import { errorMessage } from '../lib/error-message';

export const EXPORT_ROUTE = 'admin-export';

/** What a failed export says when the server sent no message of its own. */
export const exportFailedText = (dataset: ExportDataset) => `Failed to export ${dataset}`;

/** The name a file is saved under when the server suggested none: `users-2026-03-02.csv`. */
export const fallbackFileName = (dataset: ExportDataset, now = new Date()) =>
  `${dataset}-${now.toISOString().slice(0, 10)}.csv`;

/** Hands a downloaded file to the browser's "save" through a temporary `<a download>`. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The click has handed the URL to the download; the next task may let it go.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

interface ExportCsvButtonProps {
  dataset: ExportDataset;
  /** The list's current filter (search, status tab, year, month); empty values are not sent. */
  query: Record<string, string | undefined>;
}

/**
 * 'Export CSV' of a list's current filter: GET /api/admin/export/{dataset} with the
 * admin's token, saved as a file. The server reads page by page and escapes cells against
 * spreadsheet injection; here only the download, its loading state and its error.
 */
export function ExportCsvButton({ dataset, query }: ExportCsvButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // State lands a render later; the ref stops a double click from downloading twice.
  const inFlight = useRef(false);

  const exportCsv = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const sent = Object.fromEntries(
        Object.entries(query).map(([key, value]) => [key, value?.trim() ? value.trim() : undefined]),
      );
      const { blob, fileName } = await apiDownload(EXPORT_ROUTE, { params: { dataset }, query: sent });
      saveFile(blob, fileName ?? fallbackFileName(dataset));
    } catch (failure) {
      setError(errorMessage(failure, exportFailedText(dataset)));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Flex direction="column" gap="xs" alignItems="flex-end">
      <Button
        size="small"
        onClick={() => void exportCsv()}
        isLoading={busy}
        isDisabled={busy}
        loadingText="Exporting..."
        ariaLabel={`Export ${dataset} as CSV`}
      >
        Export CSV
      </Button>
      {error && (
        <Alert variation="error" isDismissible onDismiss={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Flex>
  );
}
