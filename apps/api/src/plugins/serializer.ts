import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = Parameters<typeof fastJson>[0];

/**
 * Answers are written by a serializer compiled once per route and status from the route's zod response
 * schema (zod → JSON Schema → fast-json-stringify), not by encoding every answer through zod first. Like
 * zod's default objects, it writes only the properties the schema declares and ignores the rest (so the
 * `additionalProperties: false` zod emits for output is dropped: inside a union it would refuse the answer
 * instead); an answer without a required property is refused. The handlers' types (the zod type provider)
 * keep the shapes right at compile time.
 */
export const compiledSerializer = ({ schema }: { schema: z.ZodType }) =>
  fastJson(
    z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'any',
      override: ({ jsonSchema }) => {
        if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
      },
    }) as JsonSchema,
  );
