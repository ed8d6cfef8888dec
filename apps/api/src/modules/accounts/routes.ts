import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { profileRoutes } from './routes-profile.ts';
import { signInRoutes } from './routes-sign-in.ts';

/** People and their sign-in: signing in and registering, one's own profile, and the administrators' user list. */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  signInRoutes(app, ctx);
  profileRoutes(app, ctx);
}
