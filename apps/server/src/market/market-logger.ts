/** What the market logs through (Fastify's `app.log` fits). */
export type MarketLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export const silentLogger: MarketLogger = { info: () => {}, warn: () => {}, error: () => {} };
