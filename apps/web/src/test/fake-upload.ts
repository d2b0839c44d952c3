import { vi } from 'vitest';

type UploadReply = { status: number; body: unknown };

/**
 * Replaces XMLHttpRequest (the uploads that report progress) with one that reports half, then all
 * of the upload, and answers `reply(form)`. Returns the forms it was sent, in order.
 */
export function fakeUploads(reply: (form: FormData, index: number) => UploadReply) {
  const sent: { url: string; form: FormData }[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    send(form: FormData) {
      const index = sent.length;
      sent.push({ url: this.url, form });
      const answer = reply(form, index);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        setTimeout(() => {
          this.status = answer.status;
          this.responseText = JSON.stringify(answer.body);
          this.onload?.();
        }, 10);
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}
