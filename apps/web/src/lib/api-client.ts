import type { ErrorBody } from '@vnoc/contracts';
import type { z } from 'zod';
import { authStore, loadClaimsDecoder } from './auth-store.ts';

/** A failed call: HTTP status (0 for a network failure) and the server's error body when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
    readonly path: string,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Schema the response body is parsed with; omit for empty answers. */
  schema?: S;
  signal?: AbortSignal;
  /** Lets the request outlive the page (sent while the page is hidden or closing). */
  keepalive?: boolean;
  /** Another credential than the stored jwt (the identity provider's access token at GET /api/ps/access/okta). */
  bearer?: string;
}

let displayCredential: string | null = null;

/**
 * While a wall display is open (issue 37), its display key is every call's credential, in place of any person's
 * session stored in this browser; null when it closes.
 */
export function setDisplayCredential(key: string | null): void {
  displayCredential = key;
}

/**
 * The one way the web app calls the API: adds the stored jwt and Accept header, stores any token
 * the server returns in the Authorization header, and throws ApiError on failure.
 */
export async function apiRequest<S extends z.ZodType = z.ZodUnknown>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<z.infer<S>> {
  const url = new URL(`/api/${path.replace(/^\/+/, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  const bearer = options.bearer ?? displayCredential ?? authStore.get().jwt;
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, null, path);
  }

  const token = response.headers.get('Authorization');
  if (response.ok && token?.startsWith('Bearer ')) {
    await loadClaimsDecoder();
    authStore.setToken(token.slice('Bearer '.length));
  }

  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!response.ok) {
    // The schema (and zod) only when an answer fails: /login's first load carries neither.
    const { ErrorBodySchema } = await import('@vnoc/contracts/errors');
    const parsed = ErrorBodySchema.safeParse(json);
    throw new ApiError(response.status, parsed.success ? parsed.data : null, path);
  }
  return (options.schema ? options.schema.parse(json) : json) as z.infer<S>;
}

/**
 * A change sent as JSON (`apiRequest` with a method and a body). Pass the answer's schema as
 * `import.meta.env.DEV ? Schema : undefined`, so that it is checked in development and left out of production.
 */
export function apiSend<S extends z.ZodType = z.ZodUnknown>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  schema?: S,
): Promise<z.infer<S>> {
  return apiRequest(path, { method, body, schema });
}
