import { AUTH_API, type ChangePasswordRequest } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const changePassword = (body: ChangePasswordRequest) => callApi(AUTH_API.changePassword, { body });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
