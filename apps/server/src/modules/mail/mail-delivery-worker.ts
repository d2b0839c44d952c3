import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './mailer.ts';

export type MailDeliveryWorker = {
  /** Retries due deliveries every `intervalMs` until stopped. */
  start(): void;
  /** Stops, waiting for the pass under way. */
  stop(): Promise<void>;
};

/**
 * Retries failed SMTP deliveries (mailer.retryDue) on a timer. Every server runs one: a message is
 * claimed with SKIP LOCKED and a lease, so two servers never send it at once. An error is logged
 * and never stops the worker.
 */
export function createMailDeliveryWorker(options: {
  mailer: Pick<Mailer, 'retryDue' | 'transport'>;
  logger: Pick<FastifyBaseLogger, 'error'>;
  intervalMs?: number;
}): MailDeliveryWorker {
  const { mailer, logger, intervalMs = 15_000 } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const pass = async () => {
    try {
      await mailer.retryDue();
    } catch (error) {
      logger.error({ err: error }, 'Mail delivery: retrying failed e-mails failed');
    }
  };

  return {
    start() {
      // With no SMTP nothing is ever delivered, so there is nothing to retry.
      if (timer || mailer.transport !== 'smtp') return;
      timer = setInterval(() => {
        running ??= pass().finally(() => {
          running = undefined;
        });
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
