import { stdSerializers } from 'pino';

/**
 * Query parameters whose values never reach a log line (codes, tokens, secrets, passwords, and the device key
 * OpenWISP's agent sends in its URL).
 */
const SECRET_PARAM = /^(?:code|accesscode|token|jwt|secret|password|totp|state|id_token|access_token|key)$/i;

/**
 * The URL with the values of secret-looking query parameters replaced (issue 11: e.g. the impersonation
 * code of `/impersonate?accessCode=…` and the single sign-on callback's `code` and `state`).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponentSafe(eq === -1 ? pair : pair.slice(0, eq));
      return eq !== -1 && SECRET_PARAM.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

type Serialized = Record<string, unknown>;

/**
 * Errors as pino writes them, without the values of a failed statement: drizzle puts the parameters
 * (password hashes, TOTP seeds, codes' hashes) into the message and a `params` property.
 */
export function errSerializer(error: Error): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const out = stdSerializers.err(error);
  scrub(out as unknown as Serialized);
  return out;
}

function scrub(entry: Serialized | undefined, depth = 0): void {
  if (!entry || depth > 5) return;
  if ('params' in entry) entry.params = '[redacted]';
  if (typeof entry.message === 'string')
    entry.message = entry.message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  if (typeof entry.stack === 'string')
    entry.stack = entry.stack.replace(/\nparams: [\s\S]*?(\n {4}at |$)/, '\nparams: [redacted]$1');
  if (entry.cause && typeof entry.cause === 'object') scrub(entry.cause as Serialized, depth + 1);
}

/** The request as logged: fastify's fields, the URL redacted. */
export function reqSerializer(request: {
  method: string;
  url: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}): Serialized {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
