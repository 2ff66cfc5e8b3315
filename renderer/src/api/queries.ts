import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { EndpointParams, EndpointResponse, RendererEndpointName } from '../../../shared/api';
import { useBridge } from '../app/bridge-context';
import { callApi } from './call';

/** The query key of a GET: the operation and its parameters. */
type ApiQueryKey<N extends RendererEndpointName> = readonly [N, EndpointParams<N>];

export const apiQueryKey = <N extends RendererEndpointName>(
  name: N,
  params: NoInfer<EndpointParams<N>>,
): ApiQueryKey<N> => [name, params];

/** A GET as a query keyed by [operation, params]; `select` may derive another type from the answer. */
export function useApiQuery<N extends RendererEndpointName, TData = EndpointResponse<N>>(
  name: N,
  params: NoInfer<EndpointParams<N>>,
  options: Omit<
    UseQueryOptions<EndpointResponse<N>, Error, TData, ApiQueryKey<N>>,
    'queryKey' | 'queryFn'
  > = {},
) {
  const bridge = useBridge();
  return useQuery<EndpointResponse<N>, Error, TData, ApiQueryKey<N>>({
    queryKey: apiQueryKey(name, params),
    queryFn: () => callApi(bridge, name, params),
    ...options,
  });
}
