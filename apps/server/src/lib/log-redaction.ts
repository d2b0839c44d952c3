import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * A URL as the request log may show it: the values of `token` and `code` query parameters (an
 * e-mailed reset or verification link opened in a browser) and of `unlock` (the e-mailed sign-in
 * unlock link) become "[redacted]".
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|code|unlock)=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's request log fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest): { [key: string]: unknown; url: string } {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The request log: one line per request, when it is answered, with the request's (redacted) fields,
 * its status and its time, instead of Fastify's two lines (one when it arrives, one when answered).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
