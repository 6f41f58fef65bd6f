// Ends every session and saved auto-login of the user on the server, this one included.
import { AUTH_API } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

const logoutEverywhere = () => callApi(AUTH_API.logoutEverywhere);

export const useLogoutEverywhere = () => useMutation({ mutationFn: logoutEverywhere });
