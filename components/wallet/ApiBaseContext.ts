'use client';
// The app's BASE_PATH ('' at the root), so every browser call to /v1 and /api/auth is made under it.
import { createContext, useContext } from 'react';

export const ApiBaseContext = createContext('');

export function useApiBase(): string {
  return useContext(ApiBaseContext);
}
