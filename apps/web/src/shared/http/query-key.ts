/**
 * A read's key in the query cache: the path plus the body, so changing a filter refetches. Apart
 * from the hooks, so the portal's entry can key its first read without loading the query library.
 */
export const queryKey = (endpoint: { path: string }, body?: unknown) => (body === undefined ? [endpoint.path] : [endpoint.path, body]);
