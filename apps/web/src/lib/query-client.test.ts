import { describe, expect, it } from 'vitest';
import { ApiClientError } from './api-error.ts';
import { shouldRetryQuery } from './query-client.ts';

describe('shouldRetryQuery', () => {
  it('does not retry client errors', () => {
    expect(shouldRetryQuery(0, new ApiClientError({ status: 404, message: 'HTTP 404' }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiClientError({ status: 429, message: 'HTTP 429' }))).toBe(false);
  });

  it('retries network and server errors twice', () => {
    const error = new ApiClientError({ status: 503, message: 'HTTP 503' });
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(false);
    expect(shouldRetryQuery(0, new ApiClientError({ status: 0, message: 'Erreur réseau' }))).toBe(true);
  });
});
