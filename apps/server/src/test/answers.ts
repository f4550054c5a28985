import { ajvOptions } from '@parley/chat-protocol';
import { Ajv, type ValidateFunction } from 'ajv';
import type { AnsweredRoute } from '../app.js';

// Every successful answer a test server gives, held to its route's documented schema (the one the
// OpenAPI document publishes): a handler that answers a field the document does not name with the
// type it says, or leaves out a field it requires, fails the test that made the call.

/**
 * The validator that holds what the server sends to the OpenAPI document (answers here, webhook
 * deliveries in receiver.ts): the contract's options without defaults, so checking never changes
 * what it checks.
 */
export const documentAjv = new Ajv({
  allowUnionTypes: ajvOptions.allowUnionTypes,
  coerceTypes: false,
  keywords: [...ajvOptions.keywords],
  // Annotations such as contentMediaType, and the FAQ tree's `$id` in more than one schema.
  strict: false,
  addUsedSchema: false,
});
const compiled = new WeakMap<object, ValidateFunction>();

/** How many answers were held to their schema in this test file. */
export const heldAnswers = { checked: 0 };

/**
 * Throws when `data` (a successful envelope) is not what `route`'s schema says.
 *
 * @example
 * buildServer({ ..., onAnswer: holdToDocument })
 */
export function holdToDocument(route: AnsweredRoute, data: unknown): void {
  if (typeof route.schema !== 'object' || route.schema === null) {
    // Only routes that document no answer: files, health and the documents themselves.
    return;
  }
  let validate = compiled.get(route.schema);
  if (!validate) {
    validate = documentAjv.compile(route.schema);
    compiled.set(route.schema, validate);
  }
  heldAnswers.checked++;
  if (!validate(data)) {
    const problem = `${route.method} ${route.url} answered what its documented schema does not say: ${documentAjv.errorsText(validate.errors, { dataVar: 'answer' })}`;
    throw new Error(problem);
  }
}
