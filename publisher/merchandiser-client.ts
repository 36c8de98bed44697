/**
 * The merchandiser API (docs/merchandiser-api.md) as the bench and the build tests call it:
 * JSON in and out with the bearer token, and the person's name for the change feed. A refusal
 * throws with the status and the API's own error text.
 * @example await merchandiser(api.url, token)('PATCH', '/api/admin/products/1', { price: 9.5 })
 */
export function merchandiser(apiUrl: string, adminToken: string, name?: string) {
  return async <T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> => {
    const response = await fetch(new URL(path, apiUrl), {
      method,
      headers: {
        authorization: `Bearer ${adminToken}`,
        'content-type': 'application/json',
        ...(name ? { 'x-merchandiser': name } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${text}`);
    return (text === '' ? {} : JSON.parse(text)) as T;
  };
}

/**
 * A record as the merchandiser API's GET gives it, without the ids that tie it and its
 * variants to that record: the body of a POST that makes a copy (a new product).
 */
export function withoutIds(record: Record<string, unknown>): Record<string, unknown> {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([key]) => key !== 'id' && !key.endsWith('Id'))
          .map(([key, inner]) => [key, strip(inner)]),
      );
    }
    return value;
  };
  return strip(record) as Record<string, unknown>;
}
