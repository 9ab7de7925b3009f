/** A parameterised SQL call as the bench and its floor server make it. */
export type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

// biome-ignore lint/suspicious/noExplicitAny: bodies are whatever JSON the endpoint takes
export type Body = Record<string, any>;
