import { useEffect, useState } from 'react';

export type PublicRead<T> =
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: T; error: null }
  | { status: 'error'; data: undefined; error: Error };

/**
 * One read for the public pages, which carry no query client (the public site stays light, ADR 0014): runs
 * `read` once on mount; a late answer after unmount is dropped.
 */
export function usePublicRead<T>(read: () => Promise<T>): PublicRead<T> {
  const [state, setState] = useState<PublicRead<T>>({ status: 'pending', data: undefined, error: null });
  useEffect(() => {
    let active = true;
    read().then(
      (data) => active && setState({ status: 'success', data, error: null }),
      (error: unknown) =>
        active &&
        setState({
          status: 'error',
          data: undefined,
          error: error instanceof Error ? error : new Error('Lecture impossible.'),
        }),
    );
    return () => {
      active = false;
    };
  }, [read]);
  return state;
}
