-- access/newJWT retires the token it renews (issue 11), after a short grace for requests already in flight:
-- a revocation takes effect at effective_at (now for a sign-out). renewed_to names the token that renewed it,
-- so a session (the chain of its renewals) stays one session: a support person's renewal does not end the
-- impersonation they opened, their sign-out does.
ALTER TABLE "revoked_tokens" ADD COLUMN "effective_at" timestamp with time zone DEFAULT now() NOT NULL;
ALTER TABLE "revoked_tokens" ADD COLUMN "renewed_to" text;
