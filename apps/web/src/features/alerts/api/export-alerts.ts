import { useMutation } from '@tanstack/react-query';
import { ErrorBodySchema } from '@vnoc/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth-store.ts';
import { handleError } from '../../../lib/error-handler.ts';
import { type AlertListParams, alertListQuery } from './get-alerts.ts';

/** The server's cap on exported rows. */
export const EXPORT_MAX_ROWS = 10_000;

/** The file name the server gives in Content-Disposition, else ours. */
export function exportFileName(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  const name = match?.[1] ? decodeURIComponent(match[1].trim()) : '';
  return /^[\w .-]+\.csv$/i.test(name) ? name : fallback;
}

/**
 * GET alert/export.csv with the list's filters (not its page): the filtered alerts as CSV, fetched with the
 * session's token (a plain link would carry none) and answered as a file to save.
 */
export async function exportAlerts(
  params: Omit<AlertListParams, 'page' | 'pageSize'>,
): Promise<{ blob: Blob; fileName: string }> {
  const url = new URL('/api/alert/export.csv', window.location.origin);
  for (const [key, value] of Object.entries(alertListQuery({ ...params, page: 0, pageSize: 50 }))) {
    if (value !== undefined && key !== 'page' && key !== 'pageSize') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: 'text/csv' };
  const { jwt } = authStore.get();
  if (jwt) headers.Authorization = `Bearer ${jwt}`;
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    throw new ApiError(0, null, 'alert/export.csv');
  }
  if (!response.ok) {
    const parsed = ErrorBodySchema.safeParse(await response.json().catch(() => null));
    throw new ApiError(response.status, parsed.success ? parsed.data : null, 'alert/export.csv');
  }
  const day = new Date().toISOString().slice(0, 10);
  return {
    blob: await response.blob(),
    fileName: exportFileName(
      response.headers.get('Content-Disposition'),
      `alerts-${params.status}-${day}.csv`,
    ),
  };
}

/** Saves a file the browser holds (a blob) under a name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click returns.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export function useExportAlerts() {
  return useMutation({
    mutationFn: exportAlerts,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: handleError,
  });
}
