import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiGet } from './client';

/** Default fetcher: the query key's first element is the URL (section 7: GET, JSON, 401 is an error). */
const defaultQueryFn: QueryFunction = ({ queryKey }) => apiGet(String(queryKey[0]));

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { queryFn: defaultQueryFn, retry: false, refetchOnWindowFocus: true, staleTime: 0 },
    mutations: { retry: false },
  },
});
