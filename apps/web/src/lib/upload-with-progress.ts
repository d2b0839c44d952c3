import { ErrorResponseSchema } from '@candor/contracts/errors';
import type { z } from 'zod';
import { ApiError } from './api.ts';
import { dropFirstScreenAnswers } from './first-screen-answers.ts';

/**
 * POSTs a multipart form and reports how much of it has gone (0 to 1): fetch cannot tell upload
 * progress, XMLHttpRequest can. The answer is parsed with the contract's schema like apiRequest's.
 */
export function uploadWithProgress<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  onProgress: (fraction: number) => void,
): Promise<z.infer<S>> {
  dropFirstScreenAnswers();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'Something went wrong. Please try again later.'));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        const parsed = schema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else
          reject(new ApiError(request.status, 'INTERNAL', 'Something went wrong. Please try again later.'));
        return;
      }
      const error = ErrorResponseSchema.safeParse(body);
      reject(
        error.success
          ? new ApiError(request.status, error.data.code, error.data.message)
          : new ApiError(request.status, 'INTERNAL', 'Something went wrong. Please try again later.'),
      );
    };
    request.send(form);
  });
}
