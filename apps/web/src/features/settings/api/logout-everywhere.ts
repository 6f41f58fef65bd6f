// Ends every session and saved auto-login of the user on the server, this one included.
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod';
import { apiRequest } from '../../../lib/api-client';

const logoutEverywhere = () =>
  apiRequest('/api/auth/logout-everywhere', { method: 'POST', body: {}, schema: z.null() });

export const useLogoutEverywhere = () => useMutation({ mutationFn: logoutEverywhere });
