import { ApiError } from './api-client.ts';
import { authStore } from './auth-store.ts';

/** The file name the server gives in Content-Disposition when it is a plain name with that extension, else ours. */
export function downloadFileName(disposition: string | null, extension: string, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  let name = '';
  try {
    name = match?.[1] ? decodeURIComponent(match[1].trim()) : '';
  } catch {
    name = '';
  }
  const pattern = new RegExp(`^[\\w .-]+\\.${extension}$`, 'i');
  return pattern.test(name) ? name : fallback;
}

/** What to ask for beside the path: the query, the type accepted, and the name to save under if the server's will not do. */
export interface DownloadOptions {
  query?: Record<string, string | number | undefined>;
  accept: string;
  extension: string;
  fallbackName: string;
}

/**
 * GET a file from the API with the session's token (a plain link would carry none): the body as a blob and
 * the name to save it under. Failures throw ApiError like every call, so the shared handler words them.
 */
export async function fetchDownload(
  path: string,
  options: DownloadOptions,
): Promise<{ blob: Blob; fileName: string }> {
  const url = new URL(`/api/${path.replace(/^\/+/, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: options.accept };
  const { jwt } = authStore.get();
  if (jwt) headers.Authorization = `Bearer ${jwt}`;
  let response: Response;
  try {
    response = await fetch(url, { headers });
  } catch {
    throw new ApiError(0, null, path);
  }
  if (!response.ok) {
    // The schema (and zod) only when a download fails, as apiRequest's: the screens' first loads carry neither.
    const { ErrorBodySchema } = await import('@vnoc/contracts/errors');
    const parsed = ErrorBodySchema.safeParse(await response.json().catch(() => null));
    throw new ApiError(response.status, parsed.success ? parsed.data : null, path);
  }
  return {
    blob: await response.blob(),
    fileName: downloadFileName(
      response.headers.get('Content-Disposition'),
      options.extension,
      options.fallbackName,
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
