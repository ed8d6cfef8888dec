import { useMutation } from '@tanstack/react-query';
import type { DownloadOptions } from './download.ts';
import { handleError } from './error-handler.ts';

/** A file to fetch from the API: its path and what `fetchDownload` is told beside it. */
export type DownloadRequest = DownloadOptions & { path: string };

/**
 * An export button's mutation: fetches the file `request` names with the session's token and saves it; a failure
 * is told like every call's. The download code (lib/download.ts) is fetched on the first export, not with the
 * screen that offers it.
 */
export function useDownload<V>(request: (variables: V) => DownloadRequest) {
  return useMutation({
    mutationFn: async (variables: V) => {
      const { fetchDownload, saveBlob } = await import('./download.ts');
      const { path, ...options } = request(variables);
      return { saveBlob, ...(await fetchDownload(path, options)) };
    },
    onSuccess: ({ saveBlob, blob, fileName }) => saveBlob(blob, fileName),
    onError: handleError,
  });
}
