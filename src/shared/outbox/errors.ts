export type OutboxStorageFailure = 'quota' | 'unavailable';

/**
 * The phone could not store the request. Nothing was saved, so the screen
 * must keep the form as typed and say so; `reason` picks the message
 * ('quota': storage full; 'unavailable': IndexedDB refused, e.g. private mode).
 */
export class OutboxStorageError extends Error {
  override readonly name = 'OutboxStorageError';
  readonly reason: OutboxStorageFailure;

  constructor(reason: OutboxStorageFailure, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.reason = reason;
  }
}

/** By name, not by class: browsers raise it as a DOMException or, newer, as its own QuotaExceededError class. */
function isQuotaExceeded(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'QuotaExceededError';
}

export function toStorageError(error: unknown): OutboxStorageError {
  if (error instanceof OutboxStorageError) return error;
  return new OutboxStorageError(isQuotaExceeded(error) ? 'quota' : 'unavailable', error);
}

/** Runs a storage operation and turns any failure into an OutboxStorageError. */
export async function guardStorage<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw toStorageError(error);
  }
}
