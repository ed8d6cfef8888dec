import { AlertSchema, ErrorBodySchema, PagedSchema } from '@vnoc/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer } from '../src/plugins/serializer.ts';

const Shape = z.object({
  id: z.string(),
  kind: z.enum(['firewall', 'switch']),
  fixed: z.literal('yes'),
  count: z.number().int(),
  ratio: z.number().nullable(),
  note: z.string().optional(),
  details: z.record(z.string(), z.union([z.number(), z.string()])),
  tags: z.array(z.string()),
  owner: z.object({ id: z.string(), name: z.string() }).nullable(),
  result: z.discriminatedUnion('type', [
    z.object({ type: z.literal('ping'), replies: z.number() }),
    z.object({ type: z.literal('speed'), down: z.number(), up: z.number() }),
  ]),
});

const value = {
  id: 'a"b\\c',
  kind: 'switch',
  fixed: 'yes',
  count: 3,
  ratio: null,
  details: { latency: 12.5, unit: 'ms' },
  tags: ['x', 'ü'],
  owner: { id: '1', name: 'Ana' },
  result: { type: 'speed', down: 100, up: 20 },
} as const;

describe('compiledSerializer', () => {
  const write = compiledSerializer({ schema: Shape });

  it('writes what zod would answer: nullables, records of unions, literals, unions, escaping', () => {
    expect(JSON.parse(write(value))).toEqual(Shape.parse(value));
    expect(JSON.parse(write({ ...value, note: 'n', ratio: 0.5, owner: null }))).toEqual(
      Shape.parse({ ...value, note: 'n', ratio: 0.5, owner: null }),
    );
    expect(JSON.parse(write({ ...value, result: { type: 'ping', replies: 2 } })).result).toEqual({
      type: 'ping',
      replies: 2,
    });
  });

  it('keeps only what the schema declares (nothing internal leaks)', () => {
    const out = JSON.parse(
      write({ ...value, passwordHash: 'secret', owner: { id: '1', name: 'Ana', mfa: 'x' } }),
    );
    expect(out).not.toHaveProperty('passwordHash');
    expect(out.owner).toEqual({ id: '1', name: 'Ana' });
  });

  it('refuses an answer without a required property', () => {
    const { id: _id, ...missing } = value;
    expect(() => write(missing)).toThrow(/id/);
  });

  it('compiles the contracts the routes answer with', () => {
    const page = compiledSerializer({ schema: PagedSchema(AlertSchema) });
    expect(
      JSON.parse(page({ content: [], page: 0, pageSize: 50, totalElements: 0, totalPages: 0 })),
    ).toMatchObject({
      content: [],
      totalElements: 0,
    });
    const error = compiledSerializer({ schema: ErrorBodySchema });
    expect(JSON.parse(error({ id: 'not_found', message: 'Not found' }))).toEqual({
      id: 'not_found',
      message: 'Not found',
    });
  });

  it('compiles a schema once per process: every route and every app answering with it shares the serializer', () => {
    expect(compiledSerializer({ schema: ErrorBodySchema })).toBe(
      compiledSerializer({ schema: ErrorBodySchema }),
    );
    // Another schema object, even of the same shape, gets its own.
    const copy = z.object({ id: z.string(), message: z.string() });
    expect(compiledSerializer({ schema: copy })).not.toBe(compiledSerializer({ schema: ErrorBodySchema }));
  });
});
