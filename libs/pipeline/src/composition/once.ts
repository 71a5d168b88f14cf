/**
 * Builds a value on first use and keeps it: "created once per container".
 *
 * @example
 * ```ts
 * const dynamodb = once(() => new DynamoDBClient({}));
 * dynamodb() === dynamodb(); // true
 * ```
 */
export function once<T>(create: () => T): () => T {
  let value: T | undefined;
  let created = false;
  return () => {
    if (!created) {
      value = create();
      created = true;
    }
    return value as T;
  };
}
