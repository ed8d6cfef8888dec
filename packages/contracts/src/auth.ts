import { z } from 'zod';
import { passwordProblems } from './password-policy.ts';

export const EmailSchema = z.email({ error: 'Enter a valid email address.' }).max(254).toLowerCase();

/** Verification codes travel as strings of 6 digits (spec part 5). */
export const CodeSchema = z.string().regex(/^\d{6}$/, { error: 'Enter the 6-digit code.' });

export const PasswordSchema = z.string().superRefine((value, ctx) => {
  if (passwordProblems(value).length > 0)
    ctx.addIssue({ code: 'custom', message: 'Password does not meet requirements.' });
});

/** E.164 phone number: plus, 2 to 15 digits, first digit not zero. */
export const PhoneSchema = z.string().regex(/^\+[1-9]\d{1,14}$/, { error: 'Enter a valid phone number.' });

export const LoginRequestSchema = z.object({
  username: EmailSchema,
  password: z.string().min(1, { error: 'Enter your password.' }).max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const RegisterRequestSchema = z.object({
  username: EmailSchema,
  password: PasswordSchema,
  firstName: z.string().trim().min(1, { error: 'Enter your first name.' }).max(100),
  lastName: z.string().trim().min(1, { error: 'Enter your last name.' }).max(100),
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const AltQuerySchema = z.object({ alt: z.enum(['true', 'false']).optional() });

export const CodeRequestSchema = z.object({ code: CodeSchema });
export const TotpRequestSchema = z.object({ totp: CodeSchema });

export const QrCodeRequestSchema = z.object({ reenroll: z.boolean().default(false) });
/** The otpauth link (the client parses the secret from it) and the same link as a PNG data URL. */
export const QrCodeResponseSchema = z.object({ link: z.string(), qrCode: z.string() });
export type QrCodeResponse = z.infer<typeof QrCodeResponseSchema>;

export const PhoneEnrollRequestSchema = z.object({ phoneNumber: PhoneSchema });

export const MfaMethodSchema = z.enum(['app', 'sms', 'voice']);
export type MfaMethod = z.infer<typeof MfaMethodSchema>;
export const SendTotpRequestSchema = z.object({ method: z.enum(['sms', 'voice']) });
export const UnenrollRequestSchema = z.object({ method: MfaMethodSchema });

export const UpdatePasswordRequestSchema = z.object({ password: PasswordSchema });

/**
 * POST access/reauthenticate: proof of the person now, before a password or factor change (issue 34): the
 * current password, or for a person without one (single sign-on only) a code of their authenticator app.
 */
export const ReauthenticateRequestSchema = z
  .object({
    password: z.string().min(1, { error: 'Enter your current password.' }).max(1024).optional(),
    totp: CodeSchema.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.totp === undefined), {
    error: 'Enter your current password.',
    path: ['password'],
  });
export type ReauthenticateRequest = z.infer<typeof ReauthenticateRequestSchema>;

export const PwResetParamsSchema = z.object({ email: EmailSchema });
export const VerifyEmailCodeRequestSchema = z.object({ username: EmailSchema, code: CodeSchema });

export const ImpersonateGenerateRequestSchema = z.object({ userId: z.string().uuid() });
export const ImpersonateGenerateResponseSchema = z.object({ accessCode: z.string() });
export const ImpersonateExchangeRequestSchema = z.object({ accessCode: z.string().min(1).max(4096) });

const SessionPersonSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

/**
 * GET access/impersonation (issue 37): the support session the caller's token belongs to, for the console's
 * banner: whom support acts as, who the support person is, and when the session ends (the server's expiry).
 */
export const ImpersonationSessionSchema = z.object({
  user: SessionPersonSchema,
  organization: z.object({ id: z.string(), name: z.string() }),
  support: SessionPersonSchema,
  endsAt: z.string(),
});
export type ImpersonationSession = z.infer<typeof ImpersonationSessionSchema>;

/** Body of answers whose real payload is the token in the Authorization header. */
export const OkSchema = z.object({ ok: z.literal(true) });
