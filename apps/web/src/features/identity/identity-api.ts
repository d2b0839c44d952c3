import {
  type SubmitVerificationRequest,
  VerificationImageSchema,
  VerificationStatusSchema,
} from '@candor/contracts/verifications';
import { apiRequest } from '../../lib/api.ts';
import { uploadWithProgress } from '../../lib/upload-with-progress.ts';

/** Stores one side of the document (private), reporting the upload's progress (0 to 1). */
export function uploadIdImage(file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress('/api/verifications/images', form, VerificationImageSchema, onProgress);
}

/** Sends the document's details and the stored images for review. */
export function submitVerification(body: SubmitVerificationRequest) {
  return apiRequest('/api/verifications', VerificationStatusSchema, { method: 'POST', body });
}
