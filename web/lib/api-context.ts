import { createContext, useContext } from 'react';
import type { ApiClients } from './api-client';

export const ApiContext = createContext<ApiClients | null>(null);

export function useApi(): ApiClients {
  const api = useContext(ApiContext);
  if (!api) throw new Error('ApiContext is missing');
  return api;
}
