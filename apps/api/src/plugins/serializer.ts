import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Parameters<typeof fastJson>[0];
type Serializer = (value: unknown) => string;

/**
 * One serializer per zod schema for the process: routes share their error answers' schemas (and many their
 * pages'), and every app built in a process (each API test file builds its own) would otherwise compile them
 * again — compiling was ~0.5 s of every test app's ~0.6 s start. A serializer keeps no state between answers.
 */
const compiled = new WeakMap<z.ZodType, Serializer>();

/**
 * Answers are written by a serializer compiled once per response schema (zod → JSON Schema →
 * fast-json-stringify), not by encoding every answer through zod first. Like zod's default objects, it writes
 * only the properties the schema declares and ignores the rest (so the `additionalProperties: false` zod emits
 * for output is dropped: inside a union it would refuse the answer instead); an answer without a required
 * property is refused. The handlers' types (the zod type provider) keep the shapes right at compile time.
 */
export const compiledSerializer = ({ schema }: { schema: z.ZodType }): Serializer => {
  const known = compiled.get(schema);
  if (known) return known;
  const serializer: Serializer = fastJson(
    z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'any',
      override: ({ jsonSchema }) => {
        if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
      },
    }) as JsonSchema,
  );
  compiled.set(schema, serializer);
  return serializer;
};
