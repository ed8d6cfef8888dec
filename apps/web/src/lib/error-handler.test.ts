import type { ErrorBody } from '@vnoc/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { clearBanner, getBanner } from './banner.ts';
import { errorMessage, errorText, fieldRefusal, handleError } from './error-handler.ts';
import { i18n } from './i18n.ts';

const body = (id: string, message: string, errors?: ErrorBody['errors']): ErrorBody => ({
  id,
  message,
  errors,
});

interface Row {
  condition: string;
  error: unknown;
  en: string;
  es: string;
}

// Spec part 8, verbatim (double spaces kept), with the Spanish texts of locales/es/translation.json.
const rows: Row[] = [
  {
    condition: 'Network failure',
    error: new ApiError(0, null, 'userProfile'),
    en: 'There was a network error.  Please check your internet connection and try again.',
    es: 'Hubo un error de red.  Compruebe su conexión a Internet e inténtelo de nuevo.',
  },
  {
    condition: '400 with array → the first item’s message',
    error: new ApiError(
      400,
      body('invalid_input', 'Enter a valid email address.', [
        { path: 'username', message: 'Enter a valid email address.' },
        { path: 'password', message: 'Enter your password.' },
      ]),
      'access/register',
    ),
    en: 'Enter a valid email address.',
    es: 'Enter a valid email address.',
  },
  {
    condition: '401 on login',
    error: new ApiError(
      401,
      body('invalid_credentials', 'Invalid login.  Please check your credentials.'),
      'login',
    ),
    en: 'Invalid login.  Please check your credentials.',
    es: 'Inicio de sesión no válido.  Compruebe sus credenciales.',
  },
  {
    condition: '401 on login without a body',
    error: new ApiError(401, null, '/login'),
    en: 'Invalid login.  Please check your credentials.',
    es: 'Inicio de sesión no válido.  Compruebe sus credenciales.',
  },
  {
    condition: '409 on user create',
    error: new ApiError(409, body('user_exists', 'exists'), 'userProfile/user'),
    en: 'A user with this email address already exists.',
    es: 'Ya existe un usuario con esta dirección de correo electrónico.',
  },
  {
    condition: '409 on register',
    error: new ApiError(409, body('already_registered', 'x'), 'access/register'),
    en: "Account already registered. Please contact the provider's support for assistance.",
    es: 'La cuenta ya está registrada. Comuníquese con el soporte del proveedor para obtener ayuda.',
  },
  {
    condition: '423 on test notification',
    error: new ApiError(423, null, 'test-notification'),
    en: 'Must wait 5 minutes before sending another test to this contact method.',
    es: 'Debe esperar 5 minutos antes de enviar otra prueba a este método de contacto.',
  },
  {
    condition: '"500" on password update (password_policy)',
    error: new ApiError(
      400,
      body('password_policy', 'Password does not meet requirements.'),
      'userProfile/updatePassword',
    ),
    en: 'Password does not meet requirements.',
    es: 'La contraseña no cumple los requisitos.',
  },
  {
    condition: '"500" on email code verify (code_invalid)',
    error: new ApiError(
      400,
      body('code_invalid', 'Code is not valid. Please try again.'),
      'access/verifyEmailCode',
    ),
    en: 'Code is not valid. Please try again.',
    es: 'El código no es válido. Inténtelo de nuevo.',
  },
  {
    condition: 'Other → the server’s error text',
    error: new ApiError(404, body('something_else', 'The server says no.'), 'userProfile'),
    en: 'The server says no.',
    es: 'The server says no.',
  },
  {
    condition: 'Other without text → the service message',
    error: new ApiError(502, null, 'userProfile'),
    en: "A service error occurred. Please try again in a few moments or contact the provider's support for assistance.",
    es: 'Se produjo un error del servicio. Inténtelo de nuevo en unos momentos o comuníquese con el soporte del proveedor para obtener ayuda.',
  },
  {
    condition: 'Generic fallback (not an API failure)',
    error: new TypeError('boom'),
    en: "An error has occurred. Please try again or contact the provider's support for assistance.",
    es: 'Se ha producido un error. Inténtelo de nuevo o comuníquese con el soporte del proveedor para obtener ayuda.',
  },
];

afterEach(async () => {
  await i18n.changeLanguage('en');
  clearBanner();
});

describe('errorMessage (spec part 8 catalogue)', () => {
  it.each(rows)('en: $condition', ({ error, en }) => {
    expect(errorMessage(error)).toBe(en);
  });

  it.each(rows)('es: $condition', async ({ error, es }) => {
    await i18n.changeLanguage('es');
    expect(errorMessage(error)).toBe(es);
  });

  it.each([
    [
      'sessionExpired',
      'Your session has expired, please login.',
      'Su sesión ha caducado. Inicie sesión de nuevo.',
    ],
    ['sessionExpirationError', 'Error during session expiration', 'Error al caducar la sesión'],
    ['refreshFailed', 'Failed to refresh session', 'No se pudo renovar la sesión'],
    [
      'oktaNotAuthenticated',
      'Okta user not authenticated. Please try again.',
      'El usuario de Okta no está autenticado. Inténtelo de nuevo.',
    ],
    [
      'authenticationError',
      'An error occurred during authentication.',
      'Se produjo un error durante la autenticación.',
    ],
  ] as const)('session and sign-on text %s', async (key, en, es) => {
    expect(errorText(key)).toBe(en);
    await i18n.changeLanguage('es');
    expect(errorText(key)).toBe(es);
  });

  it('Spanish shows a translation for a known server id, English the server text', async () => {
    const locked = new ApiError(429, body('locked', 'Too many failed attempts. Try again later.'), 'login');
    expect(errorMessage(locked)).toBe('Too many failed attempts. Try again later.');
    await i18n.changeLanguage('es');
    expect(errorMessage(locked)).toBe(
      'Demasiados intentos fallidos. Espere 15 minutos e inténtelo de nuevo.',
    );
  });

  it('a refused SSO issuer (422): the server text with its reason in English, a translation in Spanish', async () => {
    const message = 'The identity provider at this issuer URL cannot be used: 10.0.0.5 is a private address.';
    const refused = new ApiError(
      422,
      body('sso_issuer_refused', message, [{ path: 'ssoIssuer', message }]),
      'organization/1',
    );
    expect(errorMessage(refused)).toBe(message);
    await i18n.changeLanguage('es');
    expect(errorMessage(refused)).toMatch(
      /^No se puede usar el proveedor de identidad de esta URL del emisor/,
    );
  });

  it('handleError shows the message in the banner as an error', () => {
    handleError(new ApiError(401, null, 'login'));
    expect(getBanner()).toMatchObject({
      type: 'danger',
      message: 'Invalid login.  Please check your credentials.',
    });
  });
});

describe('fieldRefusal: a 400 about one of a form’s fields, to show under it', () => {
  const refusal = (status: number, path: string) =>
    new ApiError(
      status,
      { id: 'invalid_input', message: 'x', errors: [{ path, message: 'Too long.' }] },
      'p',
    );
  const FIELDS = ['subject', 'siteIds'] as const;
  it.each([
    ['the field itself', refusal(400, 'subject'), { field: 'subject', message: 'Too long.' }],
    ['a path inside it', refusal(400, 'siteIds.2'), { field: 'siteIds', message: 'Too long.' }],
    ['another field', refusal(400, 'comment'), null],
    ['a field whose name only starts alike', refusal(400, 'subjects'), null],
    ['not a 400', refusal(409, 'subject'), null],
    ['no field problems', new ApiError(400, { id: 'invalid_input', message: 'x' }, 'p'), null],
    ['not an API failure', new Error('offline'), null],
  ])('%s', (_, error, expected) => {
    expect(fieldRefusal(error, FIELDS)).toEqual(expected);
  });
});
