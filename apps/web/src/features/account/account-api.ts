import {
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  MessageResponseSchema,
} from '@candor/contracts/auth';
import { ProfilePictureResponseSchema } from '@candor/contracts/files';
import { apiRequest, apiSend } from '../../lib/api.ts';

export function changePassword(body: ChangePasswordRequest) {
  return apiSend('/api/account/password', { method: 'POST', body });
}

export function changeEmail(body: ChangeEmailRequest) {
  return apiRequest('/api/account/email', MessageResponseSchema, { method: 'POST', body });
}

export function uploadProfilePicture(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest('/api/account/profile-picture', ProfilePictureResponseSchema, { method: 'POST', form });
}
