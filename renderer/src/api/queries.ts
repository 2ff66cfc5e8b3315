import { useMutation, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useBridge } from '../app/bridge-context';
import { callApi } from './call';

/** A GET as a query keyed by [operation, params]. */
export function useApiQuery<T>(
  name: string,
  params: Record<string, unknown>,
  options: Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'> = {},
) {
  const bridge = useBridge();
  return useQuery<T, Error, T, readonly unknown[]>({
    queryKey: [name, params],
    queryFn: () => callApi<T>(bridge, name, params),
    ...options,
  });
}

/** A change as a mutation; the cache is updated by the events the change causes. */
export function useApiMutation<T, V extends Record<string, unknown>>(
  name: string,
  options: { onSuccess?: (data: T, vars: V) => void } = {},
) {
  const bridge = useBridge();
  return useMutation<T, Error, V>({
    mutationFn: (params) => callApi<T>(bridge, name, params),
    onSuccess: options.onSuccess,
  });
}
