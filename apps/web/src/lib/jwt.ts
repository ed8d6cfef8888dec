import { type Claims, ClaimsSchema } from '@vnoc/contracts/claims';
import { jwtPayload } from './jwt-payload.ts';

/** Decodes (does not verify: the server does) the payload of a JWT into the spec's claims. */
export function decodeClaims(token: string): Claims | null {
  const parsed = ClaimsSchema.safeParse(jwtPayload(token));
  return parsed.success ? parsed.data : null;
}
