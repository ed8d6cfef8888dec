import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { type Config, consoleUrl } from './config.ts';

/** The scheme of a person's token (a console session's JWT, or an API key): what every `auth` rule checks. */
const PERSON_SCHEME = 'bearer';

const SECURITY_SCHEMES = {
  [PERSON_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A person's credential in `Authorization: Bearer <token>`, one of two kinds. **API key** (`vnoc_…`): made " +
      'by an administrator under Administration → API keys, it acts with the role and site groups it was given ' +
      'until it expires or is revoked; use it for scripts. Calls that concern a person themselves (signing in, ' +
      'passwords and factors, making keys, support sessions) do not take one. **Session token** (a JWT): what ' +
      'signing in to the console answers (`POST /api/login`, then the sign-in steps); it is short-lived, and ' +
      'answers may carry its successor in the `Authorization` response header. 401: a missing, wrong, expired ' +
      'or revoked credential; 403: its role, sign-in step or entitlements do not allow the call.',
  },
  providerToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "An access token of the organization's single sign-on identity provider, exchanged for a vNOC session token.",
  },
  deviceKey: {
    type: 'apiKey',
    in: 'query',
    name: 'key',
    description: "An OpenWISP device's key (docs/device-protocol.md): devices, not people, call with it.",
  },
  deviceBasic: {
    type: 'http',
    scheme: 'basic',
    description:
      "A device's id and secret (docs/device-protocol.md): the agent's speed test calls with them.",
  },
} as const;

/** The external broker's scheme: its routes are there only with MQTT_AUTH_TOKEN (an unused scheme is an error). */
const BROKER_SCHEME = {
  brokerToken: {
    type: 'http',
    scheme: 'bearer',
    description: "The external MQTT broker's token (MQTT_AUTH_TOKEN): only the broker calls with it.",
  },
} as const;

/** The API's sections and their descriptions, in the reference's order: every tag a route names is one of these. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  site: 'Sites: the places devices are installed, their details, favorites and alerts.',
  device: 'Devices: status counts, search, details, telemetry and names.',
  alert: 'Alerts raised by the alert engine: list, counts, details, acknowledge, assign, notes, CSV.',
  ticket: 'Support tickets about devices: send, list, read and change their status.',
  reports: 'Reports (online analytics, cellular billing, SLA), their files and e-mails.',
  dashboard: 'Dashboards: the base one and saved ones, their widgets and sharing.',
  analytics: "The figures behind dashboard widgets, over a dashboard's scope and period.",
  group: 'Site groups: named sets of sites that limit what people assigned to them see.',
  troubleshooting: 'Diagnostics and actions on a device, run as jobs; their results.',
  timeseries: "A device's measurements over time.",
  maintenance: 'Maintenance windows: periods when alerts at their sites send nothing.',
  map: "The map's tile server and the caller's sites clustered for a view.",
  events: 'Live events (server-sent events) for the signed-in person.',
  notifications: 'How and when a person is told of alerts; test messages.',
  organization: "The caller's organization, its e-mail domains and its activity log.",
  userProfile: "People: one's own profile, contacts and factors; administration of users.",
  access: 'Signing in and out: password, sign-in steps, tokens, invitations, support.',
  sso: "Single sign-on with the organization's identity provider.",
  chat: 'Conversations with the support team.',
  feedback: 'Notes about the console from customers to the provider.',
  support: "The provider's support staff: people and customers' tickets.",
  provisioning: "Support staff add customers' real devices and manage their secrets.",
  'product analytics': 'Page-view events of the console, forwarded when configured.',
  'device-edge': 'What devices and the MQTT broker call, with their own credentials.',
  health: 'Whether the server is up, its version and set-up.',
  dev: 'Development surfaces (outbox, simulator): only on demo and test servers.',
};
const TAGS = Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description }));

/**
 * `getDeviceByIdTelemetry` for `GET /api/device/{id}/telemetry`: stable while the path is, unique as
 * method and path are. A route whose name people script against gives its own (`schema.operationId`).
 */
function derivedOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment);
      return param ? ['by', param[1] as string] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join('');
}

type Transformed = ReturnType<typeof jsonSchemaTransform>;

/**
 * The zod schemas as JSON Schema, plus what each operation says of itself from the route: its operationId, and
 * its security from the route's `auth` rule (a person's bearer token; none on a public route, `security: []`),
 * unless the route names another scheme (device and broker routes).
 */
function transform(input: Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions }): Transformed {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as Record<string, unknown> | undefined;
  if (!schema || schema.hide) return out;
  const method = Array.isArray(input.route.method) ? input.route.method[0] : input.route.method;
  schema.operationId ??= derivedOperationId(String(method), input.url);
  schema.security ??= input.route.config?.auth ? [{ [PERSON_SCHEME]: [] }] : [];
  return out;
}

/**
 * OpenAPI 3 generated from the routes' zod schemas, served at GET /api/openapi.json, and its reference page at
 * /api/docs (Swagger UI, from the @fastify/swagger-ui package: same-origin scripts, no CDN).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'vNOC API',
        version: config.version,
        description:
          'The HTTP API of vNOC, the console for monitoring managed network devices at customer sites: everything ' +
          'the console does, a script can do. Send `Authorization: Bearer <API key or session token>` (see the ' +
          '`bearer` scheme); a script uses an API key made under Administration → API keys. Every answer is JSON ' +
          '(files and live events say otherwise); an error answers `{ id, message, errors? }` with a 4xx or 5xx ' +
          'status: `id` is stable for code to test, `message` is for people, `errors` lists the fields that were ' +
          'wrong. 429 means too many calls: wait and retry. A first script: docs/first-script.md.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-vNOC' },
        contact: {
          name: 'vNOC support',
          url: consoleUrl(config),
          ...(config.supportEmail ? { email: config.supportEmail } : {}),
        },
      },
      // PUBLIC_URL, else the address the server listens at (as e-mails link to it).
      servers: [{ url: consoleUrl(config), description: 'This vNOC server' }],
      tags: TAGS,
      components: {
        securitySchemes: { ...SECURITY_SCHEMES, ...(config.mqtt.authToken ? BROKER_SCHEME : {}) },
      },
    },
    transform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    theme: { title: 'vNOC API reference' },
    // No call to an outside validator (false: none); the page fetches the document from this server only.
    validatorUrl: false,
    // BaseLayout: the reference without Swagger UI's top bar (its logo and a box to load any other document).
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0 },
  });
}
